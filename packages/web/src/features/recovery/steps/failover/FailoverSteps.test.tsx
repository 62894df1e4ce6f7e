import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { initialState, type WizardState } from '../../engine/state';
import type { WizardEvent } from '../../engine/transitions';
import { SetVirtualizationRunbookStep } from './SetVirtualizationRunbookStep';
import { localInputValue, SetVoVmsAutoStopStep } from './SetVoVmsAutoStopStep';

// The wizard's failover steps against a fake server (recovery-flow 5): Start waits for a runbook
// row and 'use runbook'; a wrong runbook password marks the field; the auto-stop rule holds Next.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const runbook = (id: number, name: string, password_protected: boolean) => ({
  id,
  client_id: 7,
  name,
  vo_type: 'cloud',
  appliance_id: null,
  password_protected,
  systems_count: 2,
  updated_at: Date.now(),
  last_run: null,
});

function server(url: string, init?: RequestInit): Response {
  if (url.includes('/client/get_failover_status/7/0'))
    return json({ client_id: 7, client_name: 'Acme', office: null, recent: [] });
  if (url.includes('/client/get_client_runbooks/7/cloud/0'))
    return json({ runbooks: [runbook(1, 'Open', false), runbook(2, 'Locked', true)] });
  if (url.endsWith('/runbook/actions/verify_runbook_password')) {
    const body = JSON.parse(String(init?.body)) as { password: string };
    return json(
      body.password === 'right'
        ? { correct: true, title: null, details: null }
        : { correct: false, title: 'Incorrect password', details: 'Check the runbook password.' },
    );
  }
  return new Response('{}', { status: 404 });
}

const state = (): WizardState => ({
  ...initialState({ kind: 'client', clientId: 7 }),
  step: { name: 'setVirtualizationRunbook' },
  data: {
    ...initialState({ kind: 'client', clientId: 7 }).data,
    client: { id: 7, name: 'Acme', has_brc: 0, has_x360recover: 1, has_local_devices: 0 },
  },
});

describe('failover steps', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const dispatch = vi.fn<(e: WizardEvent) => void>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => server(String(input), init));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    dispatch.mockReset();
  });

  const render = (el: React.ReactNode) => renderRoutes({ path: '/', routes: [{ path: '/', element: el }] });

  it('Start is disabled until a runbook row is chosen; a wrong password marks the field', async () => {
    render(<SetVirtualizationRunbookStep state={state()} dispatch={dispatch} close={() => undefined} />);
    const start = await screen.findByRole('button', { name: 'Start' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByRole('row', { name: /Locked/ }));
    const input = await screen.findByLabelText('Runbook password');
    expect((start as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'wrong' } });
    fireEvent.click(start);
    expect(await screen.findByText('Incorrect password: Check the runbook password.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(dispatch).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith({
        type: 'foUseRunbook',
        runbook: { id: 2, name: 'Locked' },
        password: 'right',
      }),
    );
  });

  it('auto-stop: half an hour ahead keeps Next disabled, two hours ahead passes, none sends 0', async () => {
    const s = { ...state(), step: { name: 'setVoVmsAutoStop' as const } };
    render(<SetVoVmsAutoStopStep state={s} dispatch={dispatch} close={() => undefined} />);
    const at = await screen.findByLabelText('Stop date and time');
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    fireEvent.change(at, { target: { value: localInputValue(Date.now() + 30 * 60_000) } });
    expect(screen.getByText('The auto-stop time must be at least one hour in the future.')).toBeTruthy();
    expect(next.disabled).toBe(true);
    fireEvent.change(at, { target: { value: localInputValue(Date.now() - 60 * 60_000) } });
    expect(screen.getByText('The auto-stop time must be a future date.')).toBeTruthy();
    fireEvent.change(at, { target: { value: localInputValue(Date.now() + 2 * 3_600_000 + 60_000) } });
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    const sent = dispatch.mock.calls[0]?.[0] as { type: string; minutes: number };
    expect(sent.type).toBe('foAutoStop');
    expect(sent.minutes).toBeGreaterThanOrEqual(120);
    fireEvent.click(screen.getByLabelText('Keep it running until I stop it'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'foAutoStop', minutes: 0 });
  });
});
