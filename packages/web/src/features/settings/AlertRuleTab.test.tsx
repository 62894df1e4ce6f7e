import { DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { AlertRuleTab } from './AlertRuleTab';

// The client's alert rule tab (issue 27.3): it offers the client's own users as recipients, saves
// the routing chosen in plain sentences, and shows the server's sentence when it refuses.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = {
  level: 'client',
  id: 7,
  name: 'Acme Dental',
  rule: DEFAULT_ALERT_RULE,
  source: 'reseller',
  can_edit: true,
  recipient_choices: [{ name: 'Front Desk', email: 'desk@acme.test' }],
  webhook_choices: [{ id: 3, name: 'PSA' }],
};

describe('Client settings: alert rule', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
  });
  const open = () =>
    renderRoutes({
      path: '/',
      session: { user: makeUser('reseller'), csrfToken: 't' },
      routes: [{ path: '/', element: <AlertRuleTab level="client" id={7} /> }],
    });

  it("saves a daily digest to the client's own user and the chosen endpoint", async () => {
    fetchMock.mockResolvedValueOnce(json(answer)).mockResolvedValueOnce(json({ ...answer, source: 'own' }));
    vi.spyOn(notifications, 'show').mockImplementation(() => '');
    open();
    expect(await screen.findByText('Inherited from the reseller')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Front Desk (desk@acme.test)'));
    fireEvent.click(screen.getByLabelText('One digest a day, with every change since the last one'));
    fireEvent.click(screen.getByLabelText('Post each change to the endpoints chosen below'));
    fireEvent.click(await screen.findByLabelText('PSA'));
    fireEvent.change(screen.getByLabelText('Remind every … hours while nobody has acknowledged it'), {
      target: { value: '6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toContain('/api/alerts/client_rule/7');
    const sent = JSON.parse(String(init.body)).rule;
    expect(sent.recipients).toEqual(['desk@acme.test']);
    expect(sent.routing).toMatchObject({
      email: 'daily',
      daily_at: 8,
      webhooks: 'chosen',
      webhook_ids: [3],
      remind_hours: 6,
    });
  });

  it('words every condition in a sentence and saves the office hours with the rule', async () => {
    fetchMock.mockResolvedValueOnce(json(answer)).mockResolvedValueOnce(json({ ...answer, source: 'own' }));
    vi.spyOn(notifications, 'show').mockImplementation(() => '');
    open();
    expect(await screen.findByLabelText('A virtual office runs longer than planned')).toBeTruthy();
    for (const label of [
      "An appliance's storage or the cloud storage quota is nearly full",
      'An FTPS export is about to expire and nobody has used it',
      'A production failover waits for approval',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getAllByLabelText('Storage used before an alert').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Hours a virtual office may run without a planned stop'), {
      target: { value: '48' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const sent = JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body)).rule;
    expect(sent).toMatchObject({ office_hours: 48, storage_percent: 90 });
    expect(sent.conditions.failover_approval_waiting).toEqual({ enabled: true, severity: 'critical' });
  });

  it("shows the server's sentence when it refuses the rule", async () => {
    fetchMock.mockResolvedValueOnce(json(answer)).mockResolvedValueOnce(
      json(
        {
          code: 'BAD_REQUEST',
          message: "Choose among the reseller's and this client's own webhook endpoints.",
        },
        400,
      ),
    );
    open();
    fireEvent.click(await screen.findByLabelText('Post nothing'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("Choose among the reseller's and this client's own webhook endpoints."),
    ).toBeTruthy();
  });
});
