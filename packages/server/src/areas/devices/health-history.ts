import type { DeviceHealthHistoryAnswer } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { type Actor, ofSystem, scoped } from '../../scope';
import type { Device } from './device';

// spec: dashboard-device-azure 3 'Device health history' and 9 'the health chart covers the
// last week': segments from time_cutoff to now, the first one being the state at the cutoff.

export const WEEK_MS = 7 * 86_400_000;

export async function healthHistory(
  db: Kysely<Database>,
  actor: Actor,
  d: Device,
  now: number,
): Promise<DeviceHealthHistoryAnswer> {
  const cutoff = now - WEEK_MS;
  const cols = ['started_at', 'health', 'reason', 'description'] as const;
  const s = scoped(db, actor).within(ofSystem(d, 'health_history'));
  const [before, within] = await Promise.all([
    s
      .selectFrom('health_history')
      .select(cols)
      .where('started_at', '<', cutoff)
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    s
      .selectFrom('health_history')
      .select(cols)
      .where('started_at', '>=', cutoff)
      .where('started_at', '<=', now)
      .orderBy('started_at', 'asc')
      .limit(2000)
      .execute(),
  ]);
  const entries = [...(before ? [before] : []), ...within].map((r) => ({
    timestart: Math.max(cutoff, Number(r.started_at)),
    health: r.health,
    reason: r.reason,
    description: r.description,
  }));
  return { ok: true, health_history: { health_history_json: entries }, time_cutoff: cutoff, now };
}
