import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, withFaults as withTestFaults } from '../../test/harness';
import { registerFailoverHandlers } from '../failover/handlers';
import { VM_OPERATION, vmActionHandler } from '../inventory/vm-handler';
import { failoverBody, type RecoveryFixture, recoveryFixture } from '../recovery/test-fixture';
import { localVmHandler } from './local-vm-handler';
import { LOCAL_VM_OPERATION } from './service';

// spec: recovery-flow 4 'VM state check before export', 'Local VM start', 7 'Discovery' and
// 'Virtual machine and failover'; inventory 4 (the wizard's VM stopped and discarded there).

let f: RecoveryFixture;
beforeAll(async () => {
  f = await recoveryFixture();
  f.t.ctx.operations.register(LOCAL_VM_OPERATION, localVmHandler(f.t.ctx));
  f.t.ctx.operations.register(VM_OPERATION, vmActionHandler(f.t.ctx));
  registerFailoverHandlers(f.t.ctx);
});
afterAll(() => f.t.close());

const drain = async () => {
  while ((await f.t.ctx.operations.runOnce()) > 0) {}
};
const subject = () => ({ aid: f.w.applianceA1, device_id: f.w.systemA1 });
/** The inventory's stop or discard of the wizard's VM (a form post, as the inventory sends it). */
const vmAction = (action: 'stop_vm' | 'discard_vm') =>
  call(f.t.app, f.s.resa, {
    method: 'POST',
    url: `/devices/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${f.w.systemA1}`,
  });

/** Run `fn` with the simulator's ports built from `faults` (SIM_FAULTS syntax). */
const withFaults = <T>(faults: string, fn: () => Promise<T>): Promise<T> => withTestFaults(f.t, faults, fn);
const start = (extra: Record<string, unknown> = {}) =>
  f.post('resa', '/ra_ajax/create_start_local_vm', {
    aid: f.w.applianceA1,
    sid: f.w.systemA1,
    restorePointsMillis: f.pointsA1[0]?.taken_at,
    vmSizeMb: 4096,
    vmCpus: 2,
    useVNC: true,
    vncPasswd: 'secret',
    testIpAddress: '192.168.1.50',
    useCurrentAddress: false,
    isTest: true,
    ...extra,
  });

describe('virtualization locations and state', () => {
  it('answers the locations of a client, an appliance and a device; 404 for another tenant', async () => {
    const res = await f.get('resa', `/api/recover_flow/virtualization_locations/${f.w.clientA1}/0`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      ['cloud_vm', 'local_vm', 'support_dynamic', 'vhd_export', 'vhdx_export', 'vmdk_export'].sort(),
    );
    // No appliance chosen yet: the local VM is offered when an appliance of the client runs VMs.
    const applianceLevel = await f.get(
      'resa',
      `/api/recover_flow/virtualization_locations/${f.w.clientA1}/${f.w.applianceA1}`,
    );
    expect(applianceLevel.json().local_vm).toBe(true);
    expect(res.json().local_vm).toBe(true);
    const dev = await f.get(
      'resa',
      `/api/recover_flow/virtualization_locations/${f.w.clientA1}/${f.w.applianceA1}/${f.w.systemA1}`,
    );
    expect(dev.json()).toMatchObject({ vmdk_export: true, vhdx_export: true });
    expect(
      (
        await f.get(
          'resb',
          `/api/recover_flow/virtualization_locations/${f.w.clientA1}/${f.w.applianceA1}/${f.w.systemA1}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lists export devices; a bad format is 400', async () => {
    const ok = await f.get('resa', `/api/vmexport/devices/${f.w.clientA1}/${f.w.applianceA1}/sva/VHDX`);
    expect(ok.json().devices.map((d: { id: number }) => d.id)).toContain(f.w.systemA1);
    // A NAS or a Mac has no disk to export.
    expect(
      ok.json().devices.filter((d: { os_type: string }) => ['NAS', 'MAC_OS_X'].includes(d.os_type)),
    ).toEqual([]);
    expect(
      (await f.get('resa', `/api/vmexport/devices/${f.w.clientA1}/${f.w.applianceA1}/sva/QCOW`)).statusCode,
    ).toBe(400);
  });

  it('lists export devices on any appliance of the client for appliance 0 (spec: {applianceId or 0})', async () => {
    for (const path of ['sva/VMDK', 'sva/VHDX/1']) {
      const res = await f.get('resa', `/api/vmexport/devices/${f.w.clientA1}/0/${path}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().devices.map((d: { id: number }) => d.id)).toEqual([f.w.systemA1]);
    }
    // A direct-to-cloud client has no disk to export.
    expect((await f.get('resa', `/api/vmexport/devices/${f.w.clientA2}/0/sva/VMDK`)).json().devices).toEqual(
      [],
    );
    expect((await f.get('resb', `/api/vmexport/devices/${f.w.clientA1}/0/sva/VMDK`)).statusCode).toBe(404);
  });

  it('checks the VM state: not virtualized, no exposed disk; 404 and 400', async () => {
    const res = await f.post('resa', '/ra_ajax/get_virtualized_state', subject());
    expect(res.json()).toMatchObject({ virtualized: false, testfailover: false, exposed_disk: null });
    expect((await f.post('resb', '/ra_ajax/get_virtualized_state', subject())).statusCode).toBe(404);
    expect((await f.post('resa', '/ra_ajax/get_virtualized_state', { aid: 'x' })).statusCode).toBe(400);
  });
});

describe("the console's own production failover (recovery-flow 4 'VM state check before export')", () => {
  it('is a running production VM while its office runs, and no VM once stopped', async () => {
    const approval = `/settings/reseller_settings/save_failover_approval/${f.w.resellerA}`;
    expect((await f.post('resa', approval, { approval_required: false })).statusCode).toBe(200);
    const created = await f.post(
      'resa',
      '/cloud_ajax/create_failover',
      failoverBody(f, {
        d2c_selected: false,
        type: 'production',
        selected_services: [],
        stop_after_minutes: undefined,
        gateway: '10.40.0.1',
      }),
    );
    expect(created.json()).toMatchObject({ is_error: false });
    const id = created.json().failover_id as number;
    // Queued, not booted yet: a production VM that does not run.
    expect((await f.post('resa', '/ra_ajax/get_virtualized_state', subject())).json()).toMatchObject({
      virtualized: true,
      production: true,
      running: false,
      testfailover: false,
    });
    await drain();
    expect((await f.post('resa', '/ra_ajax/get_virtualized_state', subject())).json()).toMatchObject({
      virtualized: true,
      production: true,
      running: true,
      testfailover: false,
    });
    expect((await f.post('resa', '/ra_ajax/is_disk_from_failover', subject())).json()).toEqual({
      from_failover: true,
    });
    // Another tenant still learns nothing.
    expect((await f.post('resb', '/ra_ajax/get_virtualized_state', subject())).statusCode).toBe(404);

    expect((await f.post('resa', '/cloud_ajax/stop_failover', { failover_id: id })).statusCode).toBe(200);
    await drain();
    expect((await f.post('resa', '/ra_ajax/get_virtualized_state', subject())).json()).toMatchObject({
      virtualized: false,
    });
  });
});

describe('disk export', () => {
  it('exposes a VHDX share, then serves a real sparse VHDX image of it', async () => {
    const second = `${Math.floor((f.pointsA1[1]?.taken_at ?? 0) / 1000)}000`;
    const res = await f.post(
      'resa',
      `/ra/expose_cifs_share/${f.w.applianceA1}/${f.jobA1}/${second}/null/VHDX/dynamic`,
    );
    expect(res.json()).toMatchObject({ ok: true, waitShare: true });
    const shareId = res.json().shareId as number;
    const state = await f.post('resa', '/ra_ajax/get_virtualized_state', subject());
    expect(state.json().exposed_disk).toEqual({ share_id: shareId, format: 'VHDX', loading: true });
    expect((await f.get('resa', `/api/vmexport/disk/${shareId}`)).statusCode).toBe(409);
    await drain();
    const disk = await f.get('resa', `/api/vmexport/disk/${shareId}`);
    expect(disk.statusCode).toBe(200);
    expect(disk.rawPayload.subarray(0, 8).toString()).toBe('vhdxfile');
    expect(disk.headers['content-disposition']).toMatch(/\.vhdx$/);
    expect((await f.get('resb', `/api/vmexport/disk/${shareId}`)).statusCode).toBe(404);
    const row = await f.t.dbh.db
      .selectFrom('cifs_shares')
      .select('export_type')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect(row.export_type).toBe('dynamic');
    await f.get('resa', `/share/suppress_cifs_share/${shareId}`);
    await drain();
  });
});

describe('local VM', () => {
  it('answers the capabilities; appliance offline is an alert', async () => {
    const caps = await f.post('resa', '/ra_ajax/capabilities', {
      aid: f.w.applianceA1,
      schedule_asid: f.w.systemA1,
    });
    expect(caps.json()).toMatchObject({ ok: true, vmCpuMin: 1 });
    expect(caps.json().vmSizes).toContain(4096);
    await f.t.dbh.db.updateTable('appliances').set({ online: 0 }).where('id', '=', f.w.applianceA1).execute();
    const off = await f.post('resa', '/ra_ajax/capabilities', {
      aid: f.w.applianceA1,
      schedule_asid: f.w.systemA1,
    });
    expect(off.json()).toMatchObject({ ok: false, title: 'The appliance is offline' });
    expect((await start()).json()).toMatchObject({ ok: false });
    await f.t.dbh.db.updateTable('appliances').set({ online: 1 }).where('id', '=', f.w.applianceA1).execute();
  });

  it('refuses a bad IPv4 address, a blank VNC password, a size not offered (400); another tenant 404', async () => {
    expect((await start({ testIpAddress: '300.1.1.1' })).statusCode).toBe(400);
    expect((await start({ vncPasswd: '   ' })).statusCode).toBe(400);
    expect((await start({ useVNC: false, useCurrentAddress: true, vncPasswd: '' })).statusCode).toBe(400);
    expect((await start({ vmSizeMb: 3000 })).statusCode).toBe(400);
    const other = await f.post('resb', '/ra_ajax/create_start_local_vm', {
      aid: f.w.applianceA1,
      sid: f.w.systemA1,
      restorePointsMillis: 1,
      vmSizeMb: 4096,
      vmCpus: 2,
      useVNC: false,
      testIpAddress: '10.0.0.1',
      useCurrentAddress: false,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (
        await f.post('resb', '/ra_ajax/create_start_local_vm', {
          sid: f.w.systemA1,
          restorePointsMillis: 1,
          vmSizeMb: 4096,
          vmCpus: 2,
          useVNC: false,
          testIpAddress: '10.0.0.1',
          useCurrentAddress: false,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('starts the VM as an operation, polls it running, refuses a second; inventory stops and discards it', async () => {
    const screenshotUrl = `/api/virtualization/vm_screenshot/${f.w.systemA1}`;
    expect((await f.get('resa', screenshotUrl)).statusCode).toBe(404);
    expect((await f.get('resa', '/api/virtualization/vm_screenshot/x1')).statusCode).toBe(404);
    // The spec's VM config names no appliance (recovery-flow 3): the system's own.
    const res = await start({ aid: undefined });
    expect(res.json()).toMatchObject({ ok: true, operation_id: expect.any(Number) });
    expect((await f.post('resa', '/ra_ajax/is_vm_running', subject())).json()).toMatchObject({
      running: false,
      starting: true,
    });
    expect((await start()).json()).toMatchObject({ ok: false, vm_exists: true });
    await drain();
    expect((await f.post('resa', '/ra_ajax/is_vm_running', subject())).json()).toMatchObject({
      running: true,
      sva_job_status: 'Running',
      // Where the technician reaches it (issue 24): the test address and the VNC console.
      ip_address: '192.168.1.50',
      vnc_address: expect.stringMatching(/\.local:59\d\d$/),
    });
    const state = await f.post('resa', '/ra_ajax/get_virtualized_state', subject());
    expect(state.json()).toMatchObject({ virtualized: true, testfailover: true });
    // The running VM's console screenshot (issue 12.4): a PNG, the same for the same run; 404 elsewhere.
    const shot = await f.get('resa', screenshotUrl);
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    expect(shot.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(shot.rawPayload.readUInt32BE(16)).toBe(800);
    expect(shot.rawPayload.readUInt32BE(20)).toBe(600);
    expect((await f.get('resa', screenshotUrl)).rawPayload.equals(shot.rawPayload)).toBe(true);
    expect((await f.get('resb', screenshotUrl)).statusCode).toBe(404);
    const page = await f.get('resa', '/device/device_summary/1');
    const row =
      page.json().content?.find?.((r: { id: number }) => r.id === f.w.systemA1) ??
      page.json().rows?.find?.((r: { id: number }) => r.id === f.w.systemA1);
    expect(row.actions).toEqual(['details', 'stop_vm', 'discard_vm']);
    // browseLocalVms' list (spec: recovery-flow 7 inventory_data): the same row; a running VM is not startable.
    const data = `/dashboardumc/inventory_data/${f.w.clientA1}/VIRTUALIZED`;
    const listed = await f.post('resa', data, { flowType: 'recovery' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().rows.map((r: { id: number }) => r.id)).toContain(f.w.systemA1);
    const startable = await f.post('resa', data, { startable: 1 });
    expect(startable.json().rows.map((r: { id: number }) => r.id)).not.toContain(f.w.systemA1);
    expect((await f.post('resb', data, {})).statusCode).toBe(404);
    expect((await f.post('resa', `/dashboardumc/inventory_data/${f.w.clientA1}/SERVER`, {})).statusCode).toBe(
      400,
    );
    const stop = await vmAction('stop_vm');
    expect(stop.statusCode).toBe(200);
    await drain();
    const discard = await vmAction('discard_vm');
    expect(discard.statusCode).toBe(200);
    await drain();
    const vm = await f.t.dbh.db.selectFrom('local_vms').select('status').executeTakeFirstOrThrow();
    expect(vm.status).toBe('ended');
    // No VM runs any more: no screenshot.
    expect((await f.get('resa', screenshotUrl)).statusCode).toBe(404);
  });
});

describe('the simulator\u2019s virtualization faults reach the wizard\u2019s error screens (spec: recovery-flow 8)', () => {
  it('is_disk_from_failover: a device that is not virtualized cannot give its disk', async () => {
    const res = await f.post('resa', '/ra_ajax/is_disk_from_failover', subject());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ from_failover: false });
  });

  it('appliance_offline: the state check answers its error (error step), capabilities an alert', async () => {
    await withFaults(`appliance_offline@appliance:${f.w.applianceA1}`, async () => {
      const state = await f.post('resa', '/ra_ajax/get_virtualized_state', subject());
      expect(state.statusCode).toBe(200);
      expect(state.json()).toMatchObject({
        error: expect.stringContaining('does not answer'),
        virtualized: false,
      });
      expect((await f.post('resa', '/ra_ajax/is_disk_from_failover', subject())).json()).toEqual({
        from_failover: false,
      });
      const caps = await f.post('resa', '/ra_ajax/capabilities', {
        aid: f.w.applianceA1,
        schedule_asid: f.w.systemA1,
      });
      expect(caps.json()).toMatchObject({
        ok: false,
        title: 'The appliance could not tell its capabilities',
        error: expect.stringContaining('does not answer'),
      });
      // The start refuses before queueing anything.
      expect((await start()).json()).toMatchObject({ ok: false, title: expect.any(String) });
    });
    expect(
      await f.t.dbh.db.selectFrom('local_vms').select('id').where('status', '=', 'starting').execute(),
    ).toEqual([]);
  });

  it.each([
    ['rp_in_use', 'rp', () => f.pointsA1[0]?.id ?? 0, 'is in use'],
    ['timeout', 'system', () => f.w.systemA1, 'did not boot in time'],
  ] as const)(
    '%s: the start fails, is_vm_running answers its title and message (the alert); a new start may follow',
    async (fault, kind, id, text) => {
      await withFaults(`${fault}@${kind}:${id()}`, async () => {
        expect((await start()).json()).toMatchObject({ ok: true });
        await drain();
        expect((await f.post('resa', '/ra_ajax/is_vm_running', subject())).json()).toMatchObject({
          running: false,
          starting: false,
          sva_job_status: null,
          title: 'The virtual machine could not start',
          error: expect.stringContaining(text),
        });
      });
      // The failed VM holds nothing: the state check sees no VM, and another start is accepted.
      expect((await f.post('resa', '/ra_ajax/get_virtualized_state', subject())).json()).toMatchObject({
        virtualized: false,
      });
      const again = await start();
      expect(again.json()).toMatchObject({ ok: true });
      await drain();
      await vmAction('stop_vm');
      await drain();
      await vmAction('discard_vm');
      await drain();
      expect((await f.post('resa', '/ra_ajax/is_vm_running', subject())).json()).toMatchObject({
        sva_job_status: null,
      });
    },
  );
});
