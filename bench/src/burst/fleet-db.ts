import { ALERT_REOPEN_GRACE_MS, isPoweredOff } from '@lifeboat/contract';
import SQLite from 'better-sqlite3';

// The bench's own reads and writes on the server's copy of the fleet (SQLite), while the server
// runs: the burst itself (one UPDATE that the next scheduled evaluation reads), the digests'
// hour passing, and what the console recorded (its scheduled runs, the delivery queue, the
// timeline) to check the deliveries against.

const DAY = 86_400_000;
const CHUNK = 500;

export interface Evaluation {
  id: number;
  status: string;
  createdAt: number;
  finishedAt: number | null;
  result: Record<string, number> | null;
}

export class FleetDb {
  private readonly db: SQLite.Database;

  constructor(file: string) {
    this.db = new SQLite(file, { fileMustExist: true });
    this.db.pragma('busy_timeout = 10000');
  }

  close(): void {
    this.db.close();
  }

  /**
   * Systems of the reseller whose restore point alert can open at the next evaluation: not
   * parked, not a switched-off workstation (the rule suppresses those), no alert of the condition
   * open or resolved within the reopen grace, no alerting switched off by a threshold.
   */
  burstCandidates(resellerId: number, now: number): number[] {
    const rows = this.db
      .prepare(
        `SELECT ps.id, ps.device_type, ps.last_job_status FROM protected_systems ps
         WHERE ps.reseller_id = ? AND ps.parked = 0
           AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.subject_type = 'system' AND a.subject_id = ps.id
             AND a.condition = 'no_restore_point' AND (a.resolved_at IS NULL OR a.resolved_at >= ?))
           AND NOT EXISTS (SELECT 1 FROM thresholds t WHERE t.enabled = 0 AND (
             (t.scope_kind = 'system' AND t.scope_id = ps.id) OR (t.scope_kind = 'client' AND t.scope_id = ps.client_id)
             OR (t.scope_kind = 'reseller' AND t.scope_id = ps.reseller_id)))
         ORDER BY ps.id`,
      )
      .all(resellerId, now - ALERT_REOPEN_GRACE_MS) as {
      id: number;
      device_type: string;
      last_job_status: string | null;
    }[];
    return rows.filter((r) => !isPoweredOff(r.device_type, r.last_job_status)).map((r) => r.id);
  }

  /**
   * The burst: the systems lose their restore points (a vault outage) and their next backup moves
   * a day away, so the living fleet does not bring one back before the evaluation reads them.
   */
  loseRestorePoints(ids: readonly number[], now: number): void {
    const update = this.db.prepare(
      `UPDATE protected_systems SET last_rp_at = NULL, next_backup_at = ? WHERE id IN (SELECT value FROM json_each(?))`,
    );
    this.db.transaction(() => {
      for (let i = 0; i < ids.length; i += CHUNK)
        update.run(now + DAY, JSON.stringify(ids.slice(i, i + CHUNK)));
    })();
  }

  /**
   * The digests' hour passes for the reseller's held e-mail: production reads the system clock,
   * so a bench run would otherwise wait for the top of the hour (bench/README.md).
   */
  digestsDueNow(resellerId: number, now: number): number {
    return this.db
      .prepare(`UPDATE alert_mails SET next_attempt_at = ? WHERE status = 'held' AND reseller_id = ?`)
      .run(now, resellerId).changes;
  }

  /** Rules of the reseller's clients (one would route their alerts away from the reseller's). */
  clientRules(resellerId: number): number {
    const r = this.db
      .prepare(`SELECT count(*) AS n FROM alert_rules WHERE reseller_id = ? AND client_id <> 0`)
      .get(resellerId) as { n: number };
    return r.n;
  }

  latestEvaluation(): Evaluation | null {
    const r = this.db
      .prepare(
        `SELECT id, status, created_at, finished_at, result FROM operations
         WHERE kind = 'alerts.evaluate' ORDER BY id DESC LIMIT 1`,
      )
      .get() as
      | { id: number; status: string; created_at: number; finished_at: number | null; result: string | null }
      | undefined;
    if (!r) return null;
    return {
      id: r.id,
      status: r.status,
      createdAt: r.created_at,
      finishedAt: r.finished_at,
      result: r.result ? (JSON.parse(r.result) as Record<string, number>) : null,
    };
  }

  nextEvaluationAt(): number | null {
    const r = this.db.prepare(`SELECT next_run_at FROM schedules WHERE key = 'alerts.evaluate'`).get() as
      | { next_run_at: number }
      | undefined;
    return r ? r.next_run_at : null;
  }

  /** The endpoint's delivery queue by status. */
  deliveryCounts(endpointId: number): Record<string, number> {
    const rows = this.db
      .prepare(`SELECT status, count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? GROUP BY status`)
      .all(endpointId) as { status: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  deliveryIds(endpointId: number): string[] {
    return (
      this.db
        .prepare(`SELECT delivery_uid FROM webhook_deliveries WHERE endpoint_id = ?`)
        .all(endpointId) as {
        delivery_uid: string;
      }[]
    ).map((r) => r.delivery_uid);
  }

  /**
   * The burst's own transitions: per system of the burst, its 'opened' events of the condition
   * since `since`, and the deliveries to the endpoint queued for them (each: its delivery id).
   */
  burstTransitions(
    ids: readonly number[],
    since: number,
    endpointId: number,
  ): { systems: number; events: number; deliveries: string[] } {
    const rows = this.db
      .prepare(
        `SELECT a.subject_id, e.id AS event_id, d.delivery_uid FROM alert_events e
         JOIN alerts a ON a.id = e.alert_id
         LEFT JOIN webhook_deliveries d ON d.event_id = e.id AND d.endpoint_id = ?
         WHERE e.kind = 'opened' AND e.at >= ? AND a.condition = 'no_restore_point' AND a.subject_type = 'system'
           AND a.subject_id IN (SELECT value FROM json_each(?))`,
      )
      .all(endpointId, since, JSON.stringify(ids)) as {
      subject_id: number;
      event_id: number;
      delivery_uid: string | null;
    }[];
    return {
      systems: new Set(rows.map((r) => r.subject_id)).size,
      events: new Set(rows.map((r) => r.event_id)).size,
      deliveries: rows.flatMap((r) => (r.delivery_uid ? [r.delivery_uid] : [])),
    };
  }

  /** Transitions of the reseller since `since` that should have told the endpoint and did not. */
  untold(resellerId: number, since: number, endpointId: number): number {
    const r = this.db
      .prepare(
        `SELECT count(*) AS n FROM alert_events e
         WHERE e.reseller_id = ? AND e.at >= ? AND e.kind IN ('opened', 'reopened', 'resolved')
           AND (e.detail IS NULL OR e.detail NOT LIKE '%"quiet"%')
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.endpoint_id = ?)`,
      )
      .get(resellerId, since, endpointId) as { n: number };
    return r.n;
  }

  /** The reseller's alert e-mail still to send of what was due by `dueBy` (later transitions wait for the next hour). */
  mailsToSend(resellerId: number, dueBy: number): number {
    const r = this.db
      .prepare(
        `SELECT count(*) AS n FROM alert_mails WHERE reseller_id = ?
         AND (status IN ('queued', 'sending') OR (status = 'held' AND next_attempt_at <= ?))`,
      )
      .get(resellerId, dueBy) as { n: number };
    return r.n;
  }

  /** The reseller's alert e-mail by status, and its digests. */
  mailCounts(resellerId: number): { mails: Record<string, number>; digests: Record<string, number> } {
    const count = (sql: string) =>
      Object.fromEntries(
        (this.db.prepare(sql).all(resellerId) as { status: string; n: number }[]).map((r) => [r.status, r.n]),
      );
    return {
      mails: count(`SELECT status, count(*) AS n FROM alert_mails WHERE reseller_id = ? GROUP BY status`),
      digests: count(`SELECT status, count(*) AS n FROM alert_digests WHERE reseller_id = ? GROUP BY status`),
    };
  }
}
