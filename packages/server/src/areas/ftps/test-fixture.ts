import type { RestorePointRef } from '@lifeboat/contract';
import { hashPassword } from '@lifeboat/contract/node';
import { Client } from 'basic-ftp';
import type { Config } from '../../config';
import { type RecoveryFixture, recoveryFixture } from '../recovery/test-fixture';
import { registerFtpsHandlers } from './handlers';

// The recovery fixture with second-tool systems: FS01-A1 (client A1) and FS01-B1 (the other
// reseller) move to the second tool; PROT-A1 (client A1) is password protected; MAC-A1 is a Mac.

export const SYSTEM_PASSWORD = 'open sesame';

export interface FtpsFixture extends RecoveryFixture {
  protectedA1: number;
  protectedPoint: number;
  macA1: number;
  macPoint: number;
}

export async function ftpsFixture(config: Partial<Config> = {}): Promise<FtpsFixture> {
  const f = await recoveryFixture(config);
  registerFtpsHandlers(f.t.ctx);
  const db = f.t.dbh.db;
  await db
    .updateTable('protected_systems')
    .set({ service_gen: 4 })
    .where('id', 'in', [f.w.systemA1, f.w.systemB1])
    .execute();
  const base = await db
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', f.w.systemA1)
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(SYSTEM_PASSWORD);
  const add = async (name: string, extra: Record<string, unknown>) => {
    const { id: _id, ...rest } = base;
    const sys = await db
      .insertInto('protected_systems')
      .values({ ...rest, name, name_lc: name.toLowerCase(), hostname: name.toLowerCase(), ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await db
      .insertInto('jobs')
      .values({ system_id: sys.id, name: 'Files', type: 'FILE', drives: '["C:"]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p = await db
      .insertInto('restore_points')
      .values({
        system_id: sys.id,
        job_id: job.id,
        taken_at: f.pointsA1[0]?.taken_at ?? 0,
        is_cloud: 1,
        scheduled: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return [Number(sys.id), Number(p.id)] as const;
  };
  const [protectedA1, protectedPoint] = await add('PROT-A1', { password_protected: 1, password_hash: hash });
  const [macA1, macPoint] = await add('MAC-A1', { os_type: 'MAC_OS_X' });
  return { ...f, protectedA1, protectedPoint, macA1, macPoint };
}

/** An independent FTP client (basic-ftp) logged in over explicit TLS to the console's server. */
export async function ftpsClient(port: number, user: string, password: string): Promise<Client> {
  const client = new Client(10_000);
  await client.access({
    host: '127.0.0.1',
    port,
    user,
    password,
    secure: true,
    secureOptions: { rejectUnauthorized: false },
  });
  return client;
}

/** The restore point `pointId` of `systemId`, as the file port takes it. */
export async function rpRef(f: FtpsFixture, systemId: number, pointId: number): Promise<RestorePointRef> {
  const db = f.t.dbh.db;
  const s = await db
    .selectFrom('protected_systems')
    .selectAll()
    .where('id', '=', systemId)
    .executeTakeFirstOrThrow();
  const p = await db
    .selectFrom('restore_points')
    .selectAll()
    .where('id', '=', pointId)
    .executeTakeFirstOrThrow();
  return {
    systemId,
    applianceId: null,
    restorePointId: pointId,
    takenAt: Number(p.taken_at),
    seed: Number(s.seed),
    osType: s.os_type,
    deviceType: s.device_type,
    hostname: s.hostname,
  };
}

/** The first folder of the tree holding only small files (a quick export to compare). */
export async function smallFolder(
  f: FtpsFixture,
  ref: RestorePointRef,
  at: string,
  depth = 0,
): Promise<string | null> {
  const entries = (await f.t.ctx.ports.files.listFiles(ref, at)) ?? [];
  const files = entries.filter((e) => e.type === 'file');
  if (files.length > 0 && files.length === entries.length && files.reduce((n, e) => n + e.size, 0) < 4e6)
    return at;
  if (depth > 5) return null;
  for (const e of entries.filter((x) => x.type === 'folder')) {
    const found = await smallFolder(f, ref, `${at}/${e.name}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A completed file export of `paths` of system A1 by its client user, with its FTPS credentials. */
export async function ftpsExport(f: FtpsFixture, paths: string[]) {
  const p = f.pointsA1[0]?.id ?? 0;
  const r = await f.post('clia1', `/ftps_export/start/${f.w.systemA1}/${p}/ffr/none`, { paths });
  if (r.statusCode !== 200) throw new Error(`export start answered ${r.statusCode}`);
  for (let i = 0; i < 10; i++) await f.t.ctx.operations.runOnce();
  const status = (await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)).json();
  if (status.status !== 'COMPLETED') throw new Error(`export ended ${status.status}`);
  const cred = (
    await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: status.export_id })
  ).json();
  return { id: status.export_id as number, ...(cred.credentials as { login: string; password: string }) };
}
