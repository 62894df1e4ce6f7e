import { insertId } from './factories';
import type { Ctx } from './tenant-bundle';

// A client bundle's alert objects (issue 27): an open alert of its system, with its opening in the
// timeline, and a snooze of the system holding for a day.
export async function alertObjects(c: Ctx, sys: { system: number }) {
  const { db, now, reseller_id, client_id, tag } = c;
  const alert = await insertId(db, 'alerts', {
    reseller_id,
    client_id,
    condition: 'backup_failed',
    subject_type: 'system',
    subject_id: sys.system,
    subject_name: `ISO-${tag}`,
    severity: 'critical',
    summary: 'backup failed 2 times in a row',
    opened_at: now,
    last_seen_at: now,
    resolved_at: null,
  });
  await db
    .insertInto('alert_events')
    .values({ alert_id: alert, reseller_id, client_id, at: now, kind: 'opened', detail: null })
    .execute();
  const alertSnooze = await insertId(db, 'alert_snoozes', {
    reseller_id,
    client_id,
    target_type: 'system',
    target_id: sys.system,
    target_name: `ISO-${tag}`,
    kind: 'snooze',
    starts_at: now,
    ends_at: now + 86_400_000,
    reason: 'Isolation',
    created_by: null,
    created_by_name: 'Isolation',
    created_at: now,
  });
  return { alert, alertSnooze };
}
