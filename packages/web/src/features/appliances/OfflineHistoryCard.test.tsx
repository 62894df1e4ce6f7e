import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { OfflineHistoryCard } from './OfflineHistoryCard';

// Issue 18.8: the appliance page shows its offline history.

const NOW = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;

function show(periods: { started_at: number; ended_at: number | null }[]) {
  renderRoutes({
    path: '/',
    routes: [{ path: '/', element: <OfflineHistoryCard periods={periods} now={NOW} /> }],
    session: null,
  });
}

describe('OfflineHistoryCard', () => {
  it('lists each period with how long it lasted, the open one as still offline', async () => {
    show([
      { started_at: NOW - 2 * HOUR, ended_at: null },
      { started_at: NOW - 50 * HOUR, ended_at: NOW - 50 * HOUR + 45 * 60_000 },
    ]);
    const table = await screen.findByRole('table', { name: 'Offline history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Still offline')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2 h 0 min so far')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('45 min 0 s')).toBeTruthy();
  });

  it('says so when the appliance was never offline', async () => {
    show([]);
    expect(await screen.findByText('This appliance has not been offline.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
