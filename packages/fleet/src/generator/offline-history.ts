import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';
import { hash32, Rng } from './rng';

// Issue 18.8: each appliance's past offline periods, so its page has a history to show on a new
// fleet. Up to three short outages over the last 60 days (all ended), and for an appliance the
// plan made offline, the outage it is still in (open, no planned end: the living fleet leaves it).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHUNK = 200;

export async function addOfflineHistory(db: Kysely<Database>, seed: number, now: number): Promise<void> {
  const appliances = await db
    .selectFrom('appliances')
    .select(['id', 'reseller_id', 'client_id', 'online', 'created_at'])
    .orderBy('id')
    .execute();
  const rows: Insertable<Database['appliance_offline_periods']>[] = [];
  for (const a of appliances) {
    const rng = new Rng(hash32(seed, 'offline-history', Number(a.id)));
    const base = {
      reseller_id: Number(a.reseller_id),
      client_id: Number(a.client_id),
      appliance_id: Number(a.id),
    };
    const from = Math.max(Number(a.created_at), now - 60 * DAY);
    // The current outage first, so the past ones end before it starts.
    let until = now - HOUR;
    if (Number(a.online) !== 1) {
      const started = Math.max(from + HOUR, now - rng.int(2, 72) * HOUR);
      rows.push({ ...base, started_at: started, ended_at: null, planned_end_at: null });
      until = started - HOUR;
    }
    const past = rng.int(0, 3);
    for (let i = 0; i < past && until - from > 2 * DAY; i++) {
      // Each one in the span before the previous (walking back in time), 10 minutes to 8 hours long.
      const length = rng.int(10, 480) * 60_000;
      const started = Math.round(rng.between(Math.max(from, until - 25 * DAY), until - length));
      rows.push({ ...base, started_at: started, ended_at: started + length, planned_end_at: null });
      until = started - HOUR;
    }
  }
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('appliance_offline_periods')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}
