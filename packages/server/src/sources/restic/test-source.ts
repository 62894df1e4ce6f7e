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
