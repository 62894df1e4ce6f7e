import { hashPassword } from '@lifeboat/contract/node';
import type { Database } from '@lifeboat/db';
import type { Insertable, Kysely } from 'kysely';

// Small, explicit data for API tests: two resellers under one distributor, each with two clients,
// a user at every level, an appliance and a few systems. Tests read ids from the returned map.

export const TEST_PASSWORD = 'correct horse battery';
let cachedHash: string | null = null;

type Org = Insertable<Database['organisations']>;

export interface World {
  provider: number;
  distributor: number;
  resellerA: number;
  resellerB: number;
  clientA1: number;
  clientA2: number;
  clientB1: number;
  systemA1: number;
  systemA2: number;
  systemB1: number;
  applianceA1: number;
  applianceB1: number;
  users: Record<'staff' | 'dist' | 'resA' | 'resB' | 'cliA1' | 'cliB1', number>;
}

/**
 * An organisation row (its lower-case name filled in), granted every right a reseller or client
 * can be granted unless `o` says otherwise (contract rights.ts); answers its id.
 */
export async function insertOrg(
  db: Kysely<Database>,
  now: number,
  o: Omit<Org, 'name_lc' | 'created_at'>,
): Promise<number> {
  const row = await db
    .insertInto('organisations')
    .values({
      can_recover: 1,
      can_create_client: 1,
      can_download_agent: 1,
      can_edit_policy: 1,
      ...o,
      name_lc: o.name.toLowerCase(),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A user of `organisation_id` named `username` (e-mail username@example.test); answers its id. */
export async function insertUser(
  db: Kysely<Database>,
  now: number,
  passwordHash: string,
  organisation_id: number,
  username: string,
  level: number,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      organisation_id,
      username,
      name: username.toUpperCase(),
      email: `${username}@example.test`,
      password_hash: passwordHash,
      level,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

type ApplianceRow = Insertable<Database['appliances']>;
type SystemRow = Insertable<Database['protected_systems']>;

/**
 * An online storage-licensed appliance named APP-<sid> (its lower-case name filled in), with
 * `values` over those defaults; answers its id.
 */
export async function insertAppliance(
  db: Kysely<Database>,
  now: number,
  values: Pick<ApplianceRow, 'reseller_id' | 'client_id' | 'sid'> & Partial<ApplianceRow>,
): Promise<number> {
  const name = values.name ?? `APP-${values.sid}`;
  return insertId(db, 'appliances', {
    name,
    name_lc: name.toLowerCase(),
    model_name: 'S5-4T',
    online: 1,
    license_type: 'storage',
    license_name: 'Storage 4 TB',
    version: '3.2.1',
    created_at: now,
    ...values,
  });
}

/**
 * A healthy Windows server of the first generation backed up hourly (direct-to-cloud without an
 * appliance), with `values` over those defaults; answers its id.
 */
export async function insertSystem(
  db: Kysely<Database>,
  now: number,
  values: Pick<SystemRow, 'reseller_id' | 'client_id' | 'appliance_id' | 'name'> & Partial<SystemRow>,
): Promise<number> {
  return insertId(db, 'protected_systems', {
    name_lc: values.name.toLowerCase(),
    hostname: values.name.toLowerCase(),
    device_type: 'server',
    os_type: 'WINDOWS',
    os_name: 'Windows Server 2022',
    service_gen: 2,
    is_d2c: values.appliance_id == null ? 1 : 0,
    agent_version: '4.1.0',
    package_name: 'Server',
    license_name: 'Server',
    health_status: 'NORMAL',
    health_changed_at: now,
    next_backup_at: now + 3_600_000,
    backup_interval_minutes: 60,
    seed: values.name.length * 7919,
    created_at: now,
    ...values,
  });
}

export async function buildWorld(db: Kysely<Database>, now: number): Promise<World> {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  const hash = cachedHash;
  const org = (o: Omit<Org, 'name_lc' | 'created_at'>) => insertOrg(db, now, o);
  const user = (organisation_id: number, username: string, level: number) =>
    insertUser(db, now, hash, organisation_id, username, level);

  const provider = await org({
    kind: 'provider',
    parent_id: null,
    reseller_id: null,
    distributor_id: null,
    name: 'Provider',
    is_provider: 1,
  });
  const distributor = await org({
    kind: 'distributor',
    parent_id: provider,
    reseller_id: null,
    distributor_id: null,
    name: 'Distributor',
  });
  await db
    .updateTable('organisations')
    .set({ distributor_id: distributor })
    .where('id', '=', distributor)
    .execute();
  const reseller = async (name: string) => {
    const id = await org({
      kind: 'reseller',
      parent_id: distributor,
      reseller_id: null,
      distributor_id: distributor,
      name,
    });
    await db.updateTable('organisations').set({ reseller_id: id }).where('id', '=', id).execute();
    return id;
  };
  const resellerA = await reseller('Reseller A');
  const resellerB = await reseller('Reseller B');
  const client = (r: number, name: string) =>
    org({ kind: 'client', parent_id: r, reseller_id: r, distributor_id: distributor, name });
  const clientA1 = await client(resellerA, 'Client A1');
  const clientA2 = await client(resellerA, 'Client A2');
  const clientB1 = await client(resellerB, 'Client B1');

  const appliance = (reseller_id: number, client_id: number, sid: string) =>
    insertAppliance(db, now, { reseller_id, client_id, sid });
  const applianceA1 = await appliance(resellerA, clientA1, 'a1a1a1');
  const applianceB1 = await appliance(resellerB, clientB1, 'b1b1b1');

  const system = (reseller_id: number, client_id: number, appliance_id: number | null, name: string) =>
    insertSystem(db, now, { reseller_id, client_id, appliance_id, name });
  const systemA1 = await system(resellerA, clientA1, applianceA1, 'FS01-A1');
  const systemA2 = await system(resellerA, clientA2, null, 'SQL01-A2');
  const systemB1 = await system(resellerB, clientB1, applianceB1, 'FS01-B1');

  const users = {
    staff: await user(provider, 'staff', 2),
    dist: await user(distributor, 'dist', 3),
    resA: await user(resellerA, 'resa', 1),
    resB: await user(resellerB, 'resb', 1),
    cliA1: await user(clientA1, 'clia1', 0),
    cliB1: await user(clientB1, 'clib1', 0),
  };
  return {
    provider,
    distributor,
    resellerA,
    resellerB,
    clientA1,
    clientA2,
    clientB1,
    systemA1,
    systemA2,
    systemB1,
    applianceA1,
    applianceB1,
    users,
  };
}

/** Insert one row and return its id. */
export async function insertId<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  values: Insertable<Database[T]>,
): Promise<number> {
  const row = await db
    .insertInto(table)
    // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot narrow a table chosen by a type parameter
    .values(values as any)
    // biome-ignore lint/suspicious/noExplicitAny: every table inserted here has an id column
    .returning('id' as any)
    .executeTakeFirstOrThrow();
  return Number((row as { id: unknown }).id);
}

/** The next id free in every one of `tables` (rows whose ids must agree across tables). */
export async function nextId(db: Kysely<Database>, tables: readonly (keyof Database)[]): Promise<number> {
  let max = 0;
  for (const t of tables) {
    const r = await db
      .selectFrom(t)
      // biome-ignore lint/suspicious/noExplicitAny: every table listed here has an id column
      .select((eb) => eb.fn.max('id' as any).as('m'))
      .executeTakeFirst();
    max = Math.max(max, Number((r as { m: unknown } | undefined)?.m ?? 0));
  }
  return max + 1;
}
