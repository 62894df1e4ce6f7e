import type { DeviceRow } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sortRows';

const row = (id: number, name: string, client_name: string, sva: DeviceRow['sva_job_status']) =>
  ({ id, name, client_name, sva_job_status: sva }) as DeviceRow;

const rows = [
  row(1, 'vm-10', 'Beta', 'Stopped'),
  row(2, 'VM-2', 'alpha', 'Running'),
  row(3, 'vm-1', 'Beta', 'Offline'),
  row(4, 'vm-3', 'alpha', 'Running'),
];

describe('sortRows', () => {
  it('sorts names naturally and case-insensitively, either way', () => {
    expect(sortRows(rows, { key: 'name', desc: false }).map((r) => r.id)).toEqual([3, 2, 4, 1]);
    expect(sortRows(rows, { key: 'name', desc: true }).map((r) => r.id)).toEqual([1, 4, 2, 3]);
  });

  it('sorts by client, then by name within a client', () => {
    expect(sortRows(rows, { key: 'client', desc: false }).map((r) => r.id)).toEqual([2, 4, 3, 1]);
  });

  it('puts running VMs first, then stopped, then offline', () => {
    expect(sortRows(rows, { key: 'state', desc: false }).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });

  it('leaves the input untouched', () => {
    const copy = [...rows];
    sortRows(rows, { key: 'client', desc: true });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('flips the direction of the same column and starts another ascending', () => {
    expect(nextSort({ key: 'name', desc: false }, 'name')).toEqual({ key: 'name', desc: true });
    expect(nextSort({ key: 'name', desc: true }, 'state')).toEqual({ key: 'state', desc: false });
  });
});
