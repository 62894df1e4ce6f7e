import type { FtpsFixture } from '../../areas/ftps/test-fixture';
import { sealSourceSecret } from '../secret';

/**
 * A restic source of client A1 written straight into the fixture's database (its secret sealed
 * as the console seals it), with no first sync: the tests and measures sync it themselves.
 */
export async function insertResticSource(
  f: FtpsFixture,
  s: { name: string; location: string; password: string },
): Promise<number> {
  const now = f.t.clock.now();
  const row = await f.t.dbh.db
    .insertInto('backup_sources')
    .values({
      reseller_id: f.w.resellerA,
      client_id: f.w.clientA1,
      kind: 'restic',
      name: s.name,
      location: s.location,
      secret_sealed: sealSourceSecret(f.t.ctx.config.secretKey, { password: s.password, env: {} }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A synced source's system (by name, or its only one) and that system's restore point and job. */
export async function pointOfSource(
  f: FtpsFixture,
  sourceId: number,
  system?: string,
): Promise<{ system: number; point: number; job: number }> {
  let q = f.t.dbh.db
    .selectFrom('protected_systems as s')
    .innerJoin('restore_points as p', 'p.system_id', 's.id')
    .select(['s.id', 'p.id as point', 'p.job_id'])
    .where('s.source_id', '=', sourceId);
  if (system !== undefined) q = q.where('s.name', '=', system);
  const s = await q.executeTakeFirstOrThrow();
  return { system: Number(s.id), point: Number(s.point), job: Number(s.job_id) };
}
