import type { OrgThresholdsAnswer, ThresholdSetting } from '@lifeboat/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '../../test/render';
import { ClientSettingsPage } from './ClientSettingsPage';

const t = (kind: ThresholdSetting['kind'], minutes: number, from: ThresholdSetting['inherited_from']) => ({
  kind,
  name: kind,
  enabled: true,
  minutes,
  value: '',
  inherited: from !== null,
  inherited_from: from,
});
const ANSWER: OrgThresholdsAnswer = {
  ok: true,
  level: 'client',
  id: 7,
  name: 'Acme',
  thresholds: [
    t('server', 2160, 'default'),
    t('workstation', 2880, 'reseller'),
    t('local_cache', 1440, null),
  ],
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('Client settings: alert thresholds', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const open = (level: 'reseller' | 'client') =>
    renderRoutes({
      path: '/',
      session: { user: makeUser(level), csrfToken: 't' },
      routes: [{ path: '/', element: <ClientSettingsPage clientId={7} /> }],
    });

  it('shows where each value comes from, checks the range and saves only what changed', async () => {
    fetchMock.mockResolvedValue(json(ANSWER));
    open('reseller');
    await screen.findByRole('tab', { name: 'Alert thresholds' });
    expect(screen.getByTestId('source-server').textContent).toBe('Default');
    expect(screen.getByTestId('source-workstation').textContent).toBe('Inherited from the reseller');
    expect(screen.getByTestId('source-local_cache').textContent).toBe('Set for this client');
    expect(screen.getByRole('button', { name: 'Inherit from the reseller' })).toBeTruthy();
    const server = screen.getByLabelText('Server backups: alert after (hours)') as HTMLInputElement;
    expect(server.value).toBe('36');
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(server, { target: { value: '1x' } });
    expect(server.value).toBe('1');
    expect(await screen.findByText('Enter a whole number of hours between 2 and 8760.')).toBeTruthy();
    fireEvent.change(server, { target: { value: '12' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/settings/client_settings/save_alert_thresholds/7');
    expect(JSON.parse(String(init?.body))).toEqual({
      thresholds: [{ kind: 'server', minutes: 720, enabled: true }],
    });
  });

  it('is read only for a client user', async () => {
    fetchMock.mockResolvedValue(json(ANSWER));
    open('client');
    await screen.findByRole('tab', { name: 'Alert thresholds' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Inherit from the reseller' })).toBeNull();
  });
});
