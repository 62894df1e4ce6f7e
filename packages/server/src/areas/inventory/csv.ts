import { Readable } from 'node:stream';
import { HEALTH_LABELS, type Health, type InventoryType } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Cursor, listSystems } from './repository';
import type { InventoryScope } from './scope-filter';

// GET /devices/download: the tab as CSV, streamed in keyset batches so a large reseller (or the
// whole platform) never sits in memory at once.

const BATCH = 500;
const HEADER = [
  'Name',
  'Client',
  'Type',
  'Operating system',
  'Health',
  'Last restore point (UTC)',
  'Appliance',
  'Virtual machine',
  'Generation',
];

/** A CSV cell; a leading = + - @ would run as a formula in a spreadsheet, so it is quoted away. */
export function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function inventoryCsv(db: Kysely<Database>, scope: InventoryScope, type: InventoryType): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(HEADER)}`;
    let after: Cursor | null = null;
    for (;;) {
      const rows = await listSystems(db, { scope, type, after, limit: BATCH });
      for (const r of rows) {
        yield csvLine([
          r.name,
          r.client_name,
          r.device_type,
          r.os_name,
          // The words the pages show, not the stored code (issue 18.18).
          HEALTH_LABELS[r.health_status as Health] ?? r.health_status,
          r.last_rp_at === null ? null : new Date(Number(r.last_rp_at)).toISOString().replace('.000Z', 'Z'),
          r.appliance_name ?? null,
          r.sva_job_status,
          Number(r.service_gen) === 2 ? 'first' : 'second',
        ]);
      }
      const last = rows[rows.length - 1];
      if (rows.length < BATCH || !last) return;
      after = { name: last.name_lc, id: Number(last.id) };
    }
  }
  return Readable.from(lines());
}
