import { type DeviceRow, naturalCompare } from '@lifeboat/contract';

// Virtualized tabs sort on the client (spec: inventory 2): the rows refresh every 5 s and keep
// the order the user chose.

export type SortKey = 'name' | 'client' | 'state';
export interface SortState {
  key: SortKey;
  desc: boolean;
}

const STATE_ORDER: Record<string, number> = { Running: 0, Stopped: 1, Offline: 2 };

const text = naturalCompare;

function compare(key: SortKey, a: DeviceRow, b: DeviceRow): number {
  if (key === 'client') return text(a.client_name, b.client_name);
  if (key === 'state')
    return (STATE_ORDER[a.sva_job_status ?? ''] ?? 3) - (STATE_ORDER[b.sva_job_status ?? ''] ?? 3);
  return text(a.name, b.name);
}

/** A sorted copy; ties fall back to the name, then the id, so the order never jumps. */
export function sortRows(rows: readonly DeviceRow[], sort: SortState): DeviceRow[] {
  const dir = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => dir * compare(sort.key, a, b) || text(a.name, b.name) || a.id - b.id);
}

/** Clicking a header: the same column flips its direction, another one starts ascending. */
export function nextSort(current: SortState, key: SortKey): SortState {
  return current.key === key ? { key, desc: !current.desc } : { key, desc: false };
}
