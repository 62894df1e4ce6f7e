import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RestorePointRef, TenantObject } from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import { seal } from '../areas/ftps/secret-box';
import type { AppContext } from '../context';
import { buildWorld, insertOrg, insertUser, TEST_PASSWORD, type World } from './factories';
import { createTestApp, loginAs, type Session, type TestApp } from './harness';

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

/** The client-level objects of one client. */
export interface ClientBundle {
  system: number;
  /** A direct-to-cloud system (no appliance): some calls serve only these. */
  d2cSystem: number;
  appliance: number;
  job: number;
  restorePoint: number;
  share: number;
  /** The download link's token (`download`) and the browsing session's token (`file_mount`). */
  downloadToken: string;
  mountToken: string;
  operation: number;
  autoverify: number;
  /** A finished Azure direct restore job. */
  azureJob: number;
  /** A generated executive summary report and a (paused) schedule of them. */
  report: number;
  reportDefinition: number;
  /** A second-generation system and its cloud point. */
  rbSystem: number;
  rbPoint: number;
  /** A ready FTPS export of that system: its id and its uuid (get_status). */
  ftpsExport: number;
  ftpsUuid: string;
  /** An appliance update schedule of the client's reseller, holding the client's appliance. */
  updateSchedule: number;
  /** A running test office of the client (its system running) and a runbook of it. */
  failover: number;
  runbook: number;
  /** An IPsec site of the client's virtual office. */
  ipsecSite: number;
}

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

/** The first file of a restore point's drive, depth first: what the download link serves. */
async function firstFile(ctx: AppContext, ref: RestorePointRef, folder: string, depth = 0): Promise<string> {
  const entries = (await ctx.ports.files.listFiles(ref, folder)) ?? [];
  const file = entries.find((e) => e.type === 'file');
  if (file) return `${folder}/${file.name}`;
  if (depth < 8)
    for (const sub of entries.filter((e) => e.type === 'folder')) {
      const found = await firstFile(ctx, ref, `${folder}/${sub.name}`, depth + 1).catch(() => null);
      if (found) return found;
    }
  throw new Error(`no file under ${folder}`);
}

async function nextId(db: Kysely<Database>, tables: readonly (keyof Database)[]): Promise<number> {
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

  const bundle = async (reseller_id: number, client_id: number, tag: string): Promise<ClientBundle> => {
    const appliance = Number(
      (
        await db
          .insertInto('appliances')
          .values({
            reseller_id,
            client_id,
            sid: `iso${tag}`,
            name: `APP-ISO-${tag}`,
            name_lc: `app-iso-${tag.toLowerCase()}`,
            model_name: 'S5-4T',
            online: 1,
            is_brc_appliance: 1,
            license_type: 'storage',
            license_name: 'Storage 4 TB',
            version: '3.2.1',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const systemRow = async (name: string, appliance_id: number | null, service_gen = 2) =>
      Number(
        (
          await db
            .insertInto('protected_systems')
            .values({
              reseller_id,
              client_id,
              appliance_id,
              is_d2c: appliance_id === null ? 1 : 0,
              name,
              name_lc: name.toLowerCase(),
              hostname: name.toLowerCase(),
              device_type: 'server',
              os_type: 'WINDOWS',
              os_name: 'Windows Server 2022',
              service_gen,
              agent_version: '4.1.0',
              package_name: 'Server',
              license_name: 'Server',
              health_status: 'NORMAL',
              health_changed_at: now,
              last_rp_at: now - 3_600_000,
              next_backup_at: now + 3_600_000,
              backup_interval_minutes: 60,
              seed: 4242,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const system = await systemRow(`ISO-${tag}`, appliance);
    // Its VM runs on the appliance: the console screenshot call (issue 12.4) has a picture to answer.
    await db
      .updateTable('protected_systems')
      .set({ sva_job_status: 'Running', currently_running: 1 })
      .where('id', '=', system)
      .execute();
    const d2cSystem = await systemRow(`ISO-D2C-${tag}`, null);
    // A system of the second-generation tool, with a job and a cloud point (the FTPS calls).
    const rbSystem = await systemRow(`ISO-RB-${tag}`, appliance, 4);
    // A job and one restore point of it: the second-generation system's image job and the
    // first system's file job are set up the same way, only the point's flags differ.
    const jobWithPoint = async (
      system_id: number,
      job: { name: string; type: 'FILE' | 'SERVER_ALIVE_BMR' },
      point: { taken_at: number; is_local: 0 | 1; in_use: 0 | 1 },
    ) => {
      const id = await nextId(db, ['jobs', 'job_history']);
      await db
        .insertInto('jobs')
        .values({ id, system_id, name: job.name, type: job.type, drives: '["C:"]' })
        .execute();
      const rp = Number(
        (
          await db
            .insertInto('restore_points')
            .values({ system_id, job_id: id, ...point, is_cloud: 1, scheduled: 1, size_bytes: 1e9 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      return { job: id, rp };
    };
    const { rp: rbPoint } = await jobWithPoint(
      rbSystem,
      { name: 'Image', type: 'SERVER_ALIVE_BMR' },
      { taken_at: now - 7_200_000, is_local: 0, in_use: 0 },
    );
    const vaultId =
      reseller_id === w.resellerA ? vaults.A : reseller_id === w.resellerB ? vaults.B : vaults.C;
    for (const system_id of [system, d2cSystem])
      await db.insertInto('system_vaults').values({ system_id, vault_id: vaultId }).execute();
    const { job, rp } = await jobWithPoint(
      system,
      { name: 'Files', type: 'FILE' },
      { taken_at: now - 3_600_000, is_local: 1, in_use: 1 },
    );
    await db
      .insertInto('job_history')
      .values({
        id: job,
        system_id: system,
        job_id: job,
        kind: 'Backup',
        backup_type: 'Incremental',
        status: 'COMPLETED',
        started_at: now - 3_600_000,
        ended_at: now - 3_000_000,
        paused_at: null,
        percent_complete: 100,
        size_bytes: 5e8,
        error_msg: null,
        pause_message: null,
      })
      .execute();
    const autoverify = Number(
      (
        await db
          .insertInto('autoverify_results')
          .values({
            system_id: system,
            restore_point_id: rp,
            rp_taken_at: now - 3_600_000,
            started_at: now - 3_000_000,
            ended_at: now - 2_900_000,
            status: 'success',
            result: 'Booted.',
            heartbeat: 1,
            boot_check: 'Passed',
            vss_status: 'Passed',
            chkdsk_status: 'Passed',
            screenshot_seed: 99,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const recovery = {
      reseller_id,
      client_id,
      system_id: system,
      appliance_id: appliance,
      job_id: job,
      restore_point_id: rp,
      rp_taken_at: now - 3_600_000,
      drive: 'C:',
      user_id: null,
      created_at: now,
    };
    // The link serves a real file of the point, so that its owner's download succeeds.
    const downloadPath = await firstFile(
      t.ctx,
      {
        systemId: system,
        applianceId: appliance,
        restorePointId: rp,
        takenAt: now - 3_600_000,
        seed: 4242,
        osType: 'WINDOWS',
        deviceType: 'server',
        hostname: `iso-${tag}`.toLowerCase(),
      },
      'C:',
    );
    const share = await nextId(db, ['cifs_shares', 'download_sessions', 'file_mounts']);
    const downloadToken = `dl${tag}${share}`.toLowerCase().padEnd(32, '0');
    const mountToken = `fm${tag}${share}`.toLowerCase().padEnd(22, '0');
    await db
      .insertInto('cifs_shares')
      .values({
        ...recovery,
        id: share,
        // A disk share (VMDK), so that the disk download has an image to serve.
        format: 'VMDK',
        status: 'active',
        share_path: `\\\\app-iso-${tag}\\share${share}`,
        mac_share_path: `smb://app-iso-${tag}/share${share}`,
        error: null,
        ttl_seconds: 86_400,
        active_at: now,
        expires_at: now + 86_400_000,
        ended_at: null,
      })
      .execute();
    await db
      .insertInto('download_sessions')
      .values({
        ...recovery,
        id: share,
        token: downloadToken,
        location: 'cloud',
        paths: JSON.stringify([downloadPath]),
        name: downloadPath.split('/').pop() as string,
        download_type: 1,
        files_count: 1,
        folders_count: 0,
        expires_at: now + 86_400_000,
        status: 'active',
        ended_at: null,
      })
      .execute();
    await db
      .insertInto('file_mounts')
      .values({
        ...recovery,
        id: share,
        token: mountToken,
        location: 'appliance',
        completed_at: null,
      })
      .execute();
    const operation = Number(
      (
        await db
          .insertInto('operations')
          .values({
            kind: 'isolation.fixture',
            status: 'succeeded',
            reseller_id,
            client_id,
            subject_type: 'system',
            subject_id: system,
            input: '{}',
            progress: 100,
            step: null,
            result: '{}',
            error: null,
            lease_owner: null,
            lease_expires_at: null,
            run_after: now,
            created_by: null,
            created_at: now,
            updated_at: now,
            finished_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const ftpsUuid = `ftps-${tag}-0000-0000-000000000000`.toLowerCase();
    const ftpsExport = Number(
      (
        await db
          .insertInto('ftps_exports')
          .values({
            uuid: ftpsUuid,
            reseller_id,
            client_id,
            system_id: rbSystem,
            restore_point_id: rbPoint,
            rp_taken_at: now - 7_200_000,
            type: 'ffr',
            format: null,
            export_type: null,
            paths: JSON.stringify([downloadPath]),
            name: `export-${tag}`,
            status: 'ready',
            login: `lb-iso-${tag}`.toLowerCase(),
            password_enc: seal(t.ctx.config.secretKey, 'export-password'),
            expiration_days: 7,
            created_at: now,
            ready_at: now,
            expires_at: now + 7 * 86_400_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const report = Number(
      (
        await db
          .insertInto('reports')
          .values({
            reseller_id,
            client_id,
            definition_id: null,
            operation_id: operation,
            from_date: '2026-10-01',
            to_date: '2026-10-31',
            level: 'summary',
            bandwidth_estimate: 100,
            summary_overview: null,
            suggested_actions: null,
            cancelled: 0,
            // A generated report: "%PDF-" (the owner's preview and download succeed).
            pdf: 'JVBERi0=',
            pdf_bytes: 5,
            sent_to: null,
            created_by: null,
            created_at: now,
            expires_at: now + 30 * 86_400_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const reportDefinition = Number(
      (
        await db
          .insertInto('report_definitions')
          .values({
            reseller_id,
            client_id,
            name: `Monthly ${tag}`,
            delivery_type: 'email',
            email_address: 'reports@example.test',
            active: 0,
            type: 'monthly',
            report_params: JSON.stringify({ level: 'summary', client_id, bandwidth_estimate: 100 }),
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const azureJob = Number(
      (
        await db
          .insertInto('azure_jobs')
          .values({
            reseller_id,
            client_id,
            system_id: system,
            restore_point_id: rp,
            rp_taken_at: now - 3_600_000,
            system_name: `ISO-${tag}`,
            azure_user: 'admin@example.test',
            subscription_id: 'sub-1',
            subscription_name: 'Production',
            resource_group_name: 'restores',
            storage_account_name: 'lifeboatrestores',
            storage_account_region: 'westeurope',
            status: 'completed',
            percent: 100,
            step: null,
            operation_id: null,
            disk_urls: '[]',
            error: null,
            user_id: null,
            created_at: now,
            finished_at: now,
            dismissed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const updateSchedule = Number(
      (
        await db
          .insertInto('update_schedules')
          .values({
            organisation_id: reseller_id,
            name: `Updates ${tag}`,
            day: 'sun',
            start: '22:00',
            hours: 4,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db
      .insertInto('update_schedule_appliances')
      .values({ appliance_id: appliance, schedule_id: updateSchedule, reseller_id, client_id, added_at: now })
      .execute();
    const failover = Number(
      (
        await db
          .insertInto('failovers')
          .values({
            reseller_id,
            client_id,
            appliance_id: null,
            vo_type: 'cloud',
            type: 'test',
            phase: 'started',
            runbook_id: null,
            runbook_name: null,
            gateway: '10.0.0.1',
            netmask: '255.255.255.0',
            dns_server: null,
            reason: null,
            stop_after_minutes: 120,
            stop_at: now + 7_200_000,
            office_address: `vpn-${tag}.virtual-office.lifeboat.test`.toLowerCase(),
            message: null,
            step: null,
            operation_id: null,
            requested_by: null,
            requested_by_name: 'Isolation',
            approval_expires_at: null,
            decided_by: null,
            decided_by_name: null,
            created_at: now,
            started_at: now,
            ended_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db
      .insertInto('failover_systems')
      .values({
        failover_id: failover,
        reseller_id,
        client_id,
        system_id: system,
        name: `ISO-${tag}`,
        os_type: 'WINDOWS',
        restore_point_id: rp,
        group_no: 1,
        position: 1,
        requested_ip: null,
        ip_address: '10.0.0.10',
        state: 'running',
        started_at: now,
      })
      .execute();
    const runbook = Number(
      (
        await db
          .insertInto('runbooks')
          .values({
            reseller_id,
            client_id,
            name: `Office ${tag}`,
            vo_type: 'cloud',
            appliance_id: null,
            gateway: '10.0.0.1',
            netmask: '255.255.255.0',
            password_hash: null,
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db
      .insertInto('runbook_systems')
      .values({
        runbook_id: runbook,
        reseller_id,
        client_id,
        system_id: system,
        group_no: 1,
        position: 1,
        delay_seconds: 0,
        ip_address: '',
      })
      .execute();
    const ipsecSite = Number(
      (
        await db
          .insertInto('ipsec_sites')
          .values({
            reseller_id,
            client_id,
            name: `Office ${tag}`,
            public_ip: '203.0.113.1',
            remote_ip: '203.0.113.1',
            remote_name: 'fw.example.test',
            remote_subnets: '["192.168.1.0/24"]',
            psk_sealed: seal(t.ctx.config.secretKey, 'pre-shared-key'),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    return {
      ipsecSite,
      updateSchedule,
      failover,
      runbook,
      azureJob,
      report,
      reportDefinition,
      rbSystem,
      rbPoint,
      ftpsExport,
      ftpsUuid,
      system,
      d2cSystem,
      appliance,
      job,
      restorePoint: rp,
      share,
      downloadToken,
      mountToken,
      operation,
      autoverify,
    };
  };
  const bundles = {
    A1: await bundle(w.resellerA, w.clientA1, 'A1'),
    A2: await bundle(w.resellerA, w.clientA2, 'A2'),
    B1: await bundle(w.resellerB, w.clientB1, 'B1'),
    C1: await bundle(resellerC, clientC1, 'C1'),
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
