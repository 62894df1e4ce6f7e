import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TenantObject } from '@lifeboat/contract';
import { buildWorld, insertOrg, insertUser, TEST_PASSWORD, type World } from './factories';
import { createTestApp, loginAs, type Session, type TestApp } from './harness';
import { buildClientBundle, type ClientBundle } from './tenant-bundle';

// The world of the isolation and bad-input suites (issue 11.3-4): the factories' world plus a
// second client user under reseller A, a second distributor with its own reseller and client,
// and, for every client, one object of every kind a declaration can name (TenantObject).
//
// A run of a job (`job`, job_history) and the job itself (`backup_job`, jobs) share one id, and
// so do a local share (`share`, cifs_shares) and a cloud share (`cloud_share`, download_sessions),
// so that a route reading either table finds the same tenant's object.

export type Who = 'staff' | 'dist' | 'distb' | 'resa' | 'resb' | 'resc' | 'clia1' | 'clia2' | 'clib1';
export const EVERYONE: readonly Who[] = [
  'staff',
  'dist',
  'distb',
  'resa',
  'resb',
  'resc',
  'clia1',
  'clia2',
  'clib1',
];

/** One id (as it travels in a request) per kind of object. */
export type Holdings = Partial<Record<TenantObject, string>>;

export interface TenantWorld {
  t: TestApp;
  w: World;
  distributorB: number;
  resellerC: number;
  clientC1: number;
  bundles: Record<'A1' | 'A2' | 'B1' | 'C1', ClientBundle>;
  vaults: Record<'A' | 'B' | 'C', number>;
  /** What each user can see and use in the slots a test does not aim at. */
  own: Record<Who, Holdings>;
  /**
   * Kinds a user holds but may not name as a filter: a client user's reseller is part of its own
   * objects' addresses (the thumbnail's path) but no filter it may set (issue 18.5).
   */
  unnamed: Record<Who, TenantObject[]>;
  sessions: Record<Who, Session>;
}

/**
 * Who must not see whose objects (issue 11.3): `actor` calls with `foreign` in the slot under
 * test; `owner` can see those objects (the control call).
 */
export interface Scenario {
  name: string;
  actor: Who;
  owner: Who;
  foreign: Holdings;
  /**
   * Someone else who sees the same objects: the control when the owner may not make the call at
   * all (403: reports are the reseller's, not its client users') or it is not there for the owner's
   * level (404: Azure direct restore is for resellers and their clients).
   */
  standIn?: Who;
  /** More objects of the same owner to try in the slot, per kind (a D2C system besides the other). */
  more?: Partial<Record<TenantObject, string[]>>;
}

export function scenarios(tw: TenantWorld): Scenario[] {
  const { w, own } = tw;
  const s = (n: number) => String(n);
  const d2c = (b: ClientBundle) => ({ system: [s(b.d2cSystem)] });
  return [
    {
      name: 'sibling reseller',
      actor: 'resa',
      owner: 'resb',
      foreign: own.resb,
      more: d2c(tw.bundles.B1),
    },
    {
      name: 'sibling client',
      actor: 'clia1',
      owner: 'clia2',
      standIn: 'resa',
      // Both clients share reseller A: only the client's own objects are foreign.
      foreign: { ...own.clia2, reseller: undefined },
      more: d2c(tw.bundles.A2),
    },
    {
      name: 'parent reseller',
      actor: 'clia1',
      owner: 'resa',
      foreign: { reseller: s(w.resellerA), organisation: s(w.resellerA), user: s(w.users.resA) },
    },
    {
      name: 'parent distributor',
      actor: 'resa',
      owner: 'dist',
      foreign: { organisation: s(w.distributor), user: s(w.users.dist) },
    },
    {
      name: 'provider',
      actor: 'dist',
      owner: 'staff',
      foreign: { organisation: s(w.provider), user: s(w.users.staff) },
    },
    {
      name: 'sibling distributor',
      actor: 'dist',
      owner: 'distb',
      standIn: 'resc',
      foreign: own.distb,
      more: d2c(tw.bundles.C1),
    },
  ];
}

export async function buildTenantWorld(): Promise<TenantWorld> {
  const t = await createTestApp();
  const db = t.dbh.db;
  const now = t.clock.now();
  const w = await buildWorld(db, now);
  const hash = (await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash;

  const org = (o: {
    kind: 'distributor' | 'reseller' | 'client';
    parent_id: number;
    reseller_id: number | null;
    distributor_id: number | null;
    name: string;
  }) => insertOrg(db, now, o);
  const user = (organisation_id: number, username: string, level: number) =>
    insertUser(db, now, hash, organisation_id, username, level);

  const distributorB = await org({
    kind: 'distributor',
    parent_id: w.provider,
    reseller_id: null,
    distributor_id: null,
    name: 'Distributor B',
  });
  await db
    .updateTable('organisations')
    .set({ distributor_id: distributorB })
    .where('id', '=', distributorB)
    .execute();
  const resellerC = await org({
    kind: 'reseller',
    parent_id: distributorB,
    reseller_id: null,
    distributor_id: distributorB,
    name: 'Reseller C',
  });
  await db.updateTable('organisations').set({ reseller_id: resellerC }).where('id', '=', resellerC).execute();
  const clientC1 = await org({
    kind: 'client',
    parent_id: resellerC,
    reseller_id: resellerC,
    distributor_id: distributorB,
    name: 'Client C1',
  });
  const extraUsers = {
    clia2: await user(w.clientA2, 'clia2', 0),
    distb: await user(distributorB, 'distb', 3),
    resc: await user(resellerC, 'resc', 1),
  };

  const vault = async (reseller_id: number, name: string) =>
    Number(
      (
        await db
          .insertInto('vaults')
          .values({ reseller_id, name, vault_type: 'private', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const vaults = {
    A: await vault(w.resellerA, 'Vault A'),
    B: await vault(w.resellerB, 'Vault B'),
    C: await vault(resellerC, 'Vault C'),
  };

  const bundle = (reseller_id: number, client_id: number, vault: number, tag: string) =>
    buildClientBundle(t, { reseller_id, client_id, vault, tag });
  const bundles = {
    A1: await bundle(w.resellerA, w.clientA1, vaults.A, 'A1'),
    A2: await bundle(w.resellerA, w.clientA2, vaults.A, 'A2'),
    B1: await bundle(w.resellerB, w.clientB1, vaults.B, 'B1'),
    C1: await bundle(resellerC, clientC1, vaults.C, 'C1'),
  };

  const s = (n: number) => String(n);
  const objects = (b: ClientBundle): Holdings => ({
    system: s(b.system),
    appliance: s(b.appliance),
    job: s(b.job),
    backup_job: s(b.job),
    restore_point: s(b.restorePoint),
    share: s(b.share),
    cloud_share: s(b.share),
    download: b.downloadToken,
    file_mount: b.mountToken,
    operation: s(b.operation),
    autoverify_image: `${b.system}-${b.autoverify}`,
    azure_job: s(b.azureJob),
    report: s(b.report),
    report_definition: s(b.reportDefinition),
    rb_system: s(b.rbSystem),
    rb_restore_point: s(b.rbPoint),
    ftps_export: s(b.ftpsExport),
    ftps_export_uuid: b.ftpsUuid,
    update_schedule: s(b.updateSchedule),
    failover: s(b.failover),
    runbook: s(b.runbook),
    ipsec_site: s(b.ipsecSite),
    backup_source: s(b.backupSource),
    alert: s(b.alert),
    alert_snooze: s(b.alertSnooze),
    webhook_endpoint: s(b.webhookEndpoint),
    webhook_delivery: s(b.webhookDelivery),
    role: s(b.role),
  });
  const own: Record<Who, Holdings> = {
    staff: {
      ...objects(bundles.A1),
      organisation: s(w.provider),
      reseller: s(w.resellerA),
      client: s(w.clientA1),
      user: s(w.users.staff),
      vault: s(vaults.A),
    },
    dist: {
      ...objects(bundles.A1),
      organisation: s(w.distributor),
      reseller: s(w.resellerA),
      client: s(w.clientA1),
      user: s(w.users.dist),
      vault: s(vaults.A),
    },
    distb: {
      ...objects(bundles.C1),
      organisation: s(distributorB),
      reseller: s(resellerC),
      client: s(clientC1),
      user: s(extraUsers.distb),
      vault: s(vaults.C),
    },
    resc: {
      ...objects(bundles.C1),
      organisation: s(resellerC),
      reseller: s(resellerC),
      client: s(clientC1),
      user: s(extraUsers.resc),
      vault: s(vaults.C),
    },
    resa: {
      ...objects(bundles.A1),
      organisation: s(w.resellerA),
      reseller: s(w.resellerA),
      client: s(w.clientA1),
      user: s(w.users.resA),
      vault: s(vaults.A),
    },
    resb: {
      ...objects(bundles.B1),
      organisation: s(w.resellerB),
      reseller: s(w.resellerB),
      client: s(w.clientB1),
      user: s(w.users.resB),
      vault: s(vaults.B),
    },
    clia1: {
      ...objects(bundles.A1),
      organisation: s(w.clientA1),
      reseller: s(w.resellerA),
      client: s(w.clientA1),
      user: s(w.users.cliA1),
    },
    clia2: {
      ...objects(bundles.A2),
      organisation: s(w.clientA2),
      reseller: s(w.resellerA),
      client: s(w.clientA2),
      user: s(extraUsers.clia2),
    },
    clib1: {
      ...objects(bundles.B1),
      organisation: s(w.clientB1),
      reseller: s(w.resellerB),
      client: s(w.clientB1),
      user: s(w.users.cliB1),
    },
  };

  // Every reseller may download the agent, and one installer is there to download (the
  // declaration's example), so that the owners' calls succeed.
  await db
    .updateTable('organisations')
    .set({ can_download_agent: 1 })
    .where('kind', '=', 'reseller')
    .execute();
  // Azure direct restore is on for every reseller and client (its calls answer 404 otherwise).
  await db
    .updateTable('organisations')
    .set({ azure_restore_enabled: 1 })
    .where('kind', 'in', ['reseller', 'client'])
    .execute();
  const agentDir = await mkdtemp(path.join(os.tmpdir(), 'lifeboat-agents-'));
  await writeFile(path.join(agentDir, 'LifeboatAgent-4.1.0-x64.msi'), 'MSI!');
  t.ctx.config.agentDir = agentDir;
  const close = t.close;
  t.close = async () => {
    await close();
    await rm(agentDir, { recursive: true, force: true });
  };

  const sessions = {} as Record<Who, Session>;
  for (const who of EVERYONE) sessions[who] = await loginAs(t.app, who, TEST_PASSWORD);
  const unnamed: Record<Who, TenantObject[]> = {
    staff: [],
    dist: [],
    distb: [],
    resa: [],
    resb: [],
    resc: [],
    clia1: ['reseller'],
    clia2: ['reseller'],
    clib1: ['reseller'],
  };
  return { t, w, distributorB, resellerC, clientC1, bundles, vaults, own, unnamed, sessions };
}
