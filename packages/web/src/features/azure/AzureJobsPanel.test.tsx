import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { AzureJobsPanel } from './AzureJobsPanel';

// The Azure export panel against a fake server: hidden without azure_restore_enabled, live
// progress, dismiss through a confirmation removes the row, a failed cancel re-enables.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const job = (jobId: number, status: string, percent: number) => ({
  jobId,
  status,
  finish_time: status === 'running' ? null : 1,
  percent,
  step: status === 'running' ? 'Uploading the disks to Azure' : 'Restored to Azure',
  blocks: [
    {
      title: `FS0${jobId} to Azure`,
      elements: [{ label: 'Azure account', value: 'admin@contoso.onmicrosoft.com' }],
    },
  ],
  canCancel: status === 'running',
  canDismiss: status !== 'running',
  buttons: [
    status === 'running' ? { action: 'cancel', label: 'Cancel' } : { action: 'dismiss', label: 'Dismiss' },
  ],
});

let enabled = true;
let jobs = [job(1, 'running', 40), job(2, 'completed', 100)];

function server(url: string, init?: RequestInit): Response {
  if (url.endsWith('/azure_export/availability')) return json({ enabled });
  if (url.includes('/reseller/get_azure_jobs/3')) return json({ jobs });
  if (url.endsWith('/azure_export/dismiss_azure_job') && init?.method === 'POST') {
    jobs = jobs.filter((j) => j.jobId !== 2);
    return json({ success: true });
  }
  if (url.endsWith('/azure_export/cancel_azure_job') && init?.method === 'POST')
    return json({ success: false });
  return json({ code: 'NOT_FOUND', message: 'nope' }, 404);
}

describe('Azure export panel', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    enabled = true;
    jobs = [job(1, 'running', 40), job(2, 'completed', 100)];
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => server(String(input), init));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  const render = () =>
    renderRoutes({ path: '/', routes: [{ path: '/', element: <AzureJobsPanel scope="reseller" id={3} /> }] });

  it('loads nothing without azure_restore_enabled', async () => {
    enabled = false;
    render();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Azure exports')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('get_azure_jobs'))).toBe(false);
  });

  it('shows the blocks and progress; dismiss asks first and removes the row', async () => {
    render();
    const rows = await screen.findAllByTestId('azure-job');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Uploading the disks to Azure · 40 %');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getAllByTestId('azure-job')).toHaveLength(1));
  });

  it('shows the buttons the server lists, with its labels', async () => {
    jobs = [{ ...job(1, 'running', 40), buttons: [{ action: 'cancel', label: 'Stop the upload' }] }];
    render();
    const [row] = await screen.findAllByTestId('azure-job');
    const buttons = within(row as HTMLElement).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Stop the upload']);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Cancel this restore?' })).toBeTruthy();
  });

  it('a failed cancel shows why and leaves the buttons usable', async () => {
    render();
    const rows = await screen.findAllByTestId('azure-job');
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the restore' }));
    expect(await within(dialog).findByText('The job could not be cancelled.')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Cancel the restore' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
