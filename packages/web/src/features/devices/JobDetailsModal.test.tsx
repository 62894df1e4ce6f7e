import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { JobDetailsModal, OUTDATED_TEXT } from './JobDetailsModal';
import { job, jsonResponse, stubDeviceApi } from './testFixtures';

function open(onRefresh = vi.fn()) {
  renderRoutes({
    path: '/',
    routes: [
      {
        path: '/',
        element: (
          <JobDetailsModal
            job={{ machineId: 5, documentId: 9, inProgress: false }}
            onClose={() => {}}
            onRefresh={onRefresh}
          />
        ),
      },
    ],
  });
  return onRefresh;
}

describe('JobDetailsModal (spec 4 "Job status")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows end, duration and the error with a copy button for a failed job, and no size', async () => {
    stubDeviceApi({
      '/device/get_job_details/5/9/0': {
        ok: true,
        data: job({ status: 'FAILED', display_status: 'Failed', error_msg: 'VSS failed.' }),
      },
    });
    open();
    expect((await screen.findByTestId('job-error')).textContent).toBe('VSS failed.');
    expect(screen.getByRole('button', { name: 'Copy the error' })).toBeTruthy();
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.getByText('Duration')).toBeTruthy();
    expect(screen.queryByText('Size')).toBeNull();
    expect(screen.queryByText('Progress')).toBeNull();
  });

  it('shows paused-at, progress and the pause message for an auto-paused job', async () => {
    stubDeviceApi({
      '/device/get_job_details/5/9/0': {
        ok: true,
        data: job({
          status: 'PAUSED',
          display_status: 'Auto Paused',
          end_time: null,
          duration: null,
          paused_at: Date.UTC(2026, 10, 20, 10, 30),
          percentage_complete: 40,
          pause_message: 'The system went to sleep.',
        }),
      },
    });
    open();
    expect(await screen.findByText('The system went to sleep.')).toBeTruthy();
    expect(screen.getByText('Paused at')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByText('Size')).toBeTruthy();
    expect(screen.queryByText('Ended')).toBeNull();
  });

  it('shows the error header and the outdated message; refresh asks to reload the table', async () => {
    stubDeviceApi({
      '/device/get_job_details/': jsonResponse(404, {
        code: 'NOT_FOUND',
        message: 'This job was not found.',
      }),
    });
    const onRefresh = open();
    expect(await screen.findByText('Could not load the job details')).toBeTruthy();
    expect(screen.getByText(OUTDATED_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});
