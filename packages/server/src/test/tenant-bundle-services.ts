import { seal } from '../areas/ftps/secret-box';
import { sealSourceSecret } from '../sources/secret';
import { insertId } from './factories';
import type { Ctx, Recovery, Systems } from './tenant-bundle';

// The services a client of the test world uses (tenant-bundle.ts builds its systems and recovery
// objects first): an FTPS export, reports, an Azure restore, an update schedule, a running test
// office with its runbook, an IPsec site and a backup source.

/** An FTPS export, a report and its schedule, and an Azure restore job. */
export async function exportsAndReports(
  c: Ctx,
  { system, rp, rbSystem, rbPoint }: Systems,
  { operation, downloadPath }: Recovery,
) {
  const { t, db, now, reseller_id, client_id, tag } = c;
  const ftpsUuid = `ftps-${tag}-0000-0000-000000000000`.toLowerCase();
  const ftpsExport = await insertId(db, 'ftps_exports', {
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
  });
  const report = await insertId(db, 'reports', {
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
  });
  const reportDefinition = await insertId(db, 'report_definitions', {
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
  });
  const azureJob = await insertId(db, 'azure_jobs', {
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
  });
  return { ftpsExport, ftpsUuid, report, reportDefinition, azureJob };
}

/** An update schedule holding the appliance, a running test office, a runbook, an IPsec site. */
export async function officeObjects(c: Ctx, { system, appliance, rp }: Systems) {
  const { t, db, now, reseller_id, client_id, tag } = c;
  const updateSchedule = await insertId(db, 'update_schedules', {
    organisation_id: reseller_id,
    name: `Updates ${tag}`,
    day: 'sun',
    start: '22:00',
    hours: 4,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('update_schedule_appliances')
    .values({ appliance_id: appliance, schedule_id: updateSchedule, reseller_id, client_id, added_at: now })
    .execute();
  const failover = await insertId(db, 'failovers', {
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
  });
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
  const runbook = await insertId(db, 'runbooks', {
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
  });
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
  const ipsecSite = await insertId(db, 'ipsec_sites', {
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
  });
  // A simulated backup source: syncing it needs no restic repository.
  const backupSource = await insertId(db, 'backup_sources', {
    reseller_id,
    client_id,
    kind: 'simulated',
    name: `Repository ${tag}`,
    location: `repository ${tag}`,
    secret_sealed: sealSourceSecret(t.ctx.config.secretKey, { password: 'repository password', env: {} }),
    created_at: now,
    updated_at: now,
  });
  return { updateSchedule, failover, runbook, ipsecSite, backupSource };
}
