import type { FtpsStatusAnswer, RbDeviceRow } from '@lifeboat/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { initialState, type WizardState } from '../../engine/state';
import { reduce } from '../../engine/transitions';
import { RecoveryInProgressStep } from './RecoveryInProgressStep';

// recoveryInProgress against a fake server, with the wizard's real reducer (spec: recovery-flow
// 4 'FTPS export', 8): each outcome the simulator's faults give reaches its screen (restore point
// in use with its own message; appliance offline and a failure midway as the recover error with
// the fabric's sentence; a network error as the recover error), and Retry starts again, or after
// a network error follows the same export again.

const device: RbDeviceRow = {
  id: 5,
  psName: 'FS01',
  applianceName: 'APP-1',
  systemType: 'server',
  systemOsType: 'WINDOWS',
  latestCloudRp: 1,
  ftpsAllowed: true,
  isPasswordProtected: false,
};

function exporting(): WizardState {
  let s: WizardState = { ...initialState({ kind: 'client', clientId: 1 }), step: { name: 'typeRB' } };
  s = reduce(s, { type: 'rbChooseType', kind: 'disk' });
  s = reduce(s, { type: 'rbChooseDevice', device });
  s = reduce(s, { type: 'rbChoosePoint', point: { id: 9, label: '02:15 UTC' } });
  s = reduce(s, { type: 'rbChooseFormat', format: 'VHDX', exportType: 'dynamic' });
  return reduce(s, { type: 'rbStarted', uuid: 'u1' });
}

function Wizard() {
  const [state, dispatch] = useReducer(reduce, undefined, exporting);
  return (
    <>
      <span data-testid="step">{state.step.name}</span>
      <RecoveryInProgressStep state={state} dispatch={dispatch} close={() => undefined} />
    </>
  );
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const status = (o: Partial<FtpsStatusAnswer>): FtpsStatusAnswer => ({
  export_id: 3,
  status: 'RUNNING',
  percent: 40,
  step: 'Writing the VHDX image',
  rpInUseError: false,
  isRecoverError: false,
  error: null,
  ...o,
});
const OFFLINE =
  'The appliance of FS01 is offline: the cloud cannot open its restore points. Bring the appliance back online, then try again.';

describe('recoveryInProgress', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** Answers of get_status per export uuid, one per poll (the last one repeats). */
  let answers: Record<string, (FtpsStatusAnswer | 'down')[]>;
  const starts: string[] = [];

  beforeEach(() => {
    starts.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const polled = /\/ftps_export\/get_status\/(\w+)/.exec(url);
      if (polled) {
        const list = answers[polled[1] ?? ''] ?? [];
        const next = list.length > 1 ? list.shift() : list[0];
        if (next === 'down' || next === undefined) throw new TypeError('Failed to fetch');
        return json(next);
      }
      if (url.includes('/ftps_export/start/')) {
        starts.push(url);
        return json({ export_uuid: 'u2' });
      }
      return new Response('{}', { status: 404 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const show = () => renderRoutes({ path: '/', routes: [{ path: '/', element: <Wizard /> }] });

  it('appliance offline: the recover error with the fabric sentence; Retry starts a new export', async () => {
    answers = {
      u1: [status({ status: 'ERROR', percent: 0, step: null, isRecoverError: true, error: OFFLINE })],
      u2: [status({})],
    };
    show();
    const alert = await screen.findByTestId('rb-failure');
    expect(alert.textContent).toContain('The export failed');
    expect(alert.textContent).toContain(OFFLINE);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByTestId('rb-progress').textContent).toBe('40% · Writing the VHDX image'),
    );
    expect(starts).toEqual([expect.stringMatching(/\/ftps_export\/start\/5\/9\/disk\/VHDX\/dynamic$/)]);
    expect(screen.queryByTestId('rb-failure')).toBeNull();
  });

  it('restore point in use: its own title and message, not the fabric text', async () => {
    answers = {
      u1: [status({ status: 'ERROR', percent: 0, step: null, rpInUseError: true, error: 'busy (fabric)' })],
    };
    show();
    const alert = await screen.findByTestId('rb-failure');
    expect(alert.textContent).toContain('The restore point is in use');
    expect(alert.textContent).toContain('in use by another recovery');
    expect(alert.textContent).not.toContain('busy (fabric)');
  });

  it('a failure midway shows its sentence; a refused Retry says why', async () => {
    answers = {
      u1: [
        status({
          status: 'ERROR',
          percent: 0,
          step: null,
          isRecoverError: true,
          error: 'The export of FS01 could not be completed. Try again.',
        }),
      ],
    };
    show();
    expect((await screen.findByTestId('rb-failure')).textContent).toContain('could not be completed');
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ code: 'BAD_REQUEST', message: 'The password is incorrect.' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('rb-retry-error')).textContent).toBe('The password is incorrect.');
  });

  it('a network error is the recover error; Retry follows the same export, without a new start', async () => {
    answers = { u1: ['down', status({ status: 'COMPLETED', percent: 100, step: 'Export ready' })] };
    show();
    const alert = await screen.findByTestId('rb-failure');
    expect(alert.textContent).toContain('The export failed');
    expect(alert.textContent).toContain('could not be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('step').textContent).toBe('exportComplete'));
    expect(starts).toEqual([]);
  });
});
