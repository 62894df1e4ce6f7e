import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { JobHistoryCard } from './JobHistoryCard';
import { job, stubDeviceApi } from './testFixtures';

// issue 18.18: a click anywhere on a job-history row opens that run's details, not only its badge.

const row = {
  document_id: 9,
  machine_id: 5,
  raw_status: 'COMPLETED',
  status: 'Completed',
  type: 'Backup',
  backup_type: 'Incremental',
  in_progress: false,
  start_time: Date.UTC(2026, 10, 20, 10),
  end_time: Date.UTC(2026, 10, 20, 11),
  duration: 3_600_000,
  size: 1024 ** 3,
  percentage_complete: 100,
};

describe('JobHistoryCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the details from any cell of a row', async () => {
    const fetchMock = stubDeviceApi({
      '/device/job_history_details/5': {
        ok: true,
        job_history_columns: [
          { key: 'status', label: 'Status' },
          { key: 'type', label: 'Type' },
          { key: 'start_time', label: 'Started' },
          { key: 'duration', label: 'Duration' },
          { key: 'size', label: 'Size' },
        ],
        title: 'Job history',
        refresh: 'Refresh',
        count: 1,
        rows_on_page: 10,
      },
      '/device/job_history/5/': {
        ok: true,
        job_history_data: { rows: [row], page: 1, rows_on_page: 10, records_count: 1, count_capped: false },
      },
      '/device/get_job_details/5/9/0': { ok: true, data: job() },
    });
    renderRoutes({ path: '/', routes: [{ path: '/', element: <JobHistoryCard deviceId={5} /> }] });
    const tr = await screen.findByTestId('job-history-row');
    // The duration cell: nothing in it is a button.
    fireEvent.click(screen.getByText('1 h 0 min'));
    expect(tr).toBeTruthy();
    await screen.findByRole('dialog');
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/device/get_job_details/5/9/0'))).toBe(
      true,
    );
  });
});
