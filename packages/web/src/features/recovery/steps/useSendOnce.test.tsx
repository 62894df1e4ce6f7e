import { MantineProvider } from '@mantine/core';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/queryClient';
import { cssVariablesResolver, theme } from '../../../theme';
import { initialState, type WizardState } from '../engine/state';
import { reduce } from '../engine/transitions';
import { BrowseStep } from './BrowseStep';
import { RestoreStep } from './RestoreStep';

// The browse step's mount and the restore step's download link are writes: each goes out once per
// request, whatever the page does afterwards (a refetch of everything, a window focus, the step
// shown again, Back and forward), and a new request (another point, another selection) sends anew.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const FILE = { name: 'a.txt', path: 'C:/a.txt', type: 'file' as const, size: 3, modifiedAt: 0 };

function atStep(name: 'browse' | 'restore'): WizardState {
  const s = initialState({ kind: 'device', deviceId: 5 });
  return {
    ...s,
    step: { name },
    // Where Back goes from here: the points, then the step again.
    history: [{ name: 'setRecoveryPoint' }],
    data: {
      ...s.data,
      tool: 'first',
      type: 'file_or_folder',
      via: 'cloud',
      device: { id: 5, name: 'FS01', asid: 'a', appliance_id: null, client_id: 6, state: 'ok' },
      presetDevice: true,
      job: { id: 3, name: 'Files', type: 'FILE', drives: [] },
      drive: null,
      point: { id: 11, ts: Date.UTC(2026, 10, 20) },
      mount: name === 'restore' ? { request: 'earlier', answer: 'm-1' } : null,
      restore: { selected: name === 'restore' ? [FILE] : [], archive: 'zip' },
    },
  };
}

/** The wizard's reducer around one step; `shown` false leaves the step, as another step would. */
function Wizard({ start, shown, step }: { start: WizardState; shown: boolean; step: 'browse' | 'restore' }) {
  const [state, dispatch] = useReducer(reduce, start);
  const Step = step === 'browse' ? BrowseStep : RestoreStep;
  return (
    <>
      <span data-testid="at">{state.step.name}</span>
      <button type="button" onClick={() => dispatch({ type: 'back' })}>
        Go back
      </button>
      <button
        type="button"
        onClick={() => dispatch({ type: 'choosePoint', point: { id: 11, ts: Date.UTC(2026, 10, 20) } })}
      >
        Same point again
      </button>
      <button type="button" onClick={() => dispatch({ type: 'choosePoint', point: { id: 12, ts: 0 } })}>
        Another point
      </button>
      {shown && state.step.name === step && <Step state={state} dispatch={dispatch} close={() => {}} />}
    </>
  );
}

describe('the wizard’s writes go out once per request', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answerMount: (() => void) | null = null;
  const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part)).length;

  beforeEach(() => {
    // jsdom has no scrolling; the browser keeps the open folder in view.
    Element.prototype.scrollTo ??= () => {};
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/filebrowsing/mount/')) {
        const n = calls('/api/filebrowsing/mount/');
        const answer = json({ filemountUseId: `m-${n}` });
        if (!answerMount) return answer;
        // The test holds this answer back until it lets it through.
        return new Promise<Response>((resolve) => {
          answerMount = () => resolve(answer);
        });
      }
      if (url.includes('/api/filebrowsing/files/')) return json({ path: '', files: [FILE] });
      if (url.includes('/download/insert_download_session'))
        return json({
          insert_result: true,
          download_url: `/download/t${calls('/download/insert_download_session')}`,
          name: 'a.txt',
          download_type: 1,
          created: 0,
          expired: 0,
        });
      return json({ code: 'NOT_FOUND', message: 'nope' }, 404);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    answerMount = null;
    focusManager.setFocused(undefined);
  });

  function setup(step: 'browse' | 'restore', start = atStep(step)) {
    const qc = createQueryClient();
    const ui = (shown: boolean) => (
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={qc}>
            <Wizard start={start} shown={shown} step={step} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>
    );
    const r = render(ui(true));
    return { qc, hide: () => r.rerender(ui(false)), show: () => r.rerender(ui(true)) };
  }

  /** Everything the page could do that reads again: an invalidation of all, a window focus. */
  async function refetchEverything(qc: ReturnType<typeof createQueryClient>) {
    await act(async () => {
      await qc.invalidateQueries();
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      await qc.refetchQueries();
    });
  }

  it('mounts the point once across an invalidation, a focus, the step shown again and Back and forward', async () => {
    const { qc, hide, show } = setup('browse');
    await screen.findByRole('group', { name: 'Folder Restore point' });
    expect(calls('/api/filebrowsing/mount/')).toBe(1);

    await refetchEverything(qc);
    hide();
    show();
    await screen.findByRole('group', { name: 'Folder Restore point' });
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByTestId('at').textContent).toBe('setRecoveryPoint');
    fireEvent.click(screen.getByRole('button', { name: 'Same point again' }));
    await screen.findByRole('group', { name: 'Folder Restore point' });
    expect(calls('/api/filebrowsing/mount/')).toBe(1);

    // Another point is another mount.
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Another point' }));
    await waitFor(() => expect(calls('/api/filebrowsing/mount/')).toBe(2));
  });

  it('does not mount again when the step is shown again while the mount is on its way', async () => {
    answerMount = () => {};
    const { hide, show } = setup('browse');
    await waitFor(() => expect(calls('/api/filebrowsing/mount/')).toBe(1));
    hide();
    show();
    act(() => answerMount?.());
    await screen.findByRole('group', { name: 'Folder Restore point' });
    expect(calls('/api/filebrowsing/mount/')).toBe(1);
  });

  it('makes one download link per selection across an invalidation, a focus and the step shown again', async () => {
    const { qc, hide, show } = setup('restore');
    await screen.findByTestId('download-link', {}, { timeout: 5000 });
    expect(calls('/download/insert_download_session')).toBe(1);

    await refetchEverything(qc);
    hide();
    show();
    const link = await screen.findByTestId('download-link', {}, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/download/t1');
    expect(calls('/download/insert_download_session')).toBe(1);
  });

  it('keeps the later point’s mount when an earlier point’s mount answers after it went out', () => {
    let s = atStep('browse');
    const send = (request: string, answer: string | null) =>
      (s = reduce(s, { type: 'mounted', request, mount: { request, answer } }));
    send('point 11', null);
    send('point 12', null);
    send('point 11', 'm-11');
    expect(s.data.mount).toEqual({ request: 'point 12', answer: null });
    // A failure of the earlier point forgets nothing either; the later point's answer is kept.
    s = reduce(s, { type: 'mounted', request: 'point 11', mount: null });
    send('point 12', 'm-12');
    expect(s.data.mount).toEqual({ request: 'point 12', answer: 'm-12' });
    s = reduce(s, { type: 'mounted', request: 'point 12', mount: null });
    expect(s.data.mount).toBeNull();
  });
});
