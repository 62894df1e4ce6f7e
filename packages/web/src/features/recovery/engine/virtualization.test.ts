import { describe, expect, it } from 'vitest';
import { stepAfterPoint } from './rules';
import { type ClientChoice, initialState, type WizardState } from './state';
import { canGoBack, reduce, type WizardEvent } from './transitions';
import { CLOUD_VM_STEP, locationsFor } from './virtualization';

// The virtualization branch of the first tool's wizard (spec: recovery-flow 2, 4 'VM state check
// before export', 'Share exposure', 'Local VM start'). vmStateCheck itself is tested in the contract.

const client: ClientChoice = { id: 6, name: 'Acme', has_brc: 1, has_x360recover: 0, has_local_devices: 1 };
const device = { id: 9, name: 'FS01', asid: '9', appliance_id: 1, client_id: 6, state: null };
const job = { id: 4, name: 'System', type: 'SERVER_ALIVE_BMR' as const, drives: ['C:'] };
const point = { id: 70, ts: 1_795_172_400_000 };

const run = (s: WizardState, ...events: WizardEvent[]) => events.reduce(reduce, s);
/** The device list's recover action on a first-tool device: starts at locateVirtualization. */
const fromDevice = () =>
  reduce(initialState({ kind: 'device', deviceId: 9, startStep: 'locateVirtualization' }), {
    type: 'entryLoaded',
    client,
    device: { ...device, service_gen: 2 },
  });
const fromReseller = (value: 'virtual-disk' | 'virtualization') =>
  run(
    initialState({ kind: 'reseller', resellerId: 3 }),
    { type: 'chooseClient', client },
    { type: 'chooseType', value },
  );

describe('locateVirtualization', () => {
  it('the device action opens on it with the device chosen, and no way back', () => {
    const s = fromDevice();
    expect(s.step.name).toBe('locateVirtualization');
    expect(s.data.presetDevice).toBe(true);
    expect(canGoBack(s)).toBe(false);
  });

  it('offers disk formats for a virtual disk, machines for virtualization, both from a device', () => {
    expect(locationsFor('virtual-disk')).toEqual(['vm-export', 'vhd-export', 'vhdx-export']);
    expect(locationsFor('virtualization')).toEqual(['cloud', 'appliance']);
    expect(locationsFor(null)).toEqual(['cloud', 'appliance', 'vm-export', 'vhd-export', 'vhdx-export']);
  });

  it('a cloud VM continues into the virtual office steps (issue 16)', () => {
    expect(CLOUD_VM_STEP).toBe('setVirtualizationRunbook');
    const s = reduce(fromDevice(), { type: 'chooseLocation', location: 'cloud', supportDynamic: true });
    expect(s.step.name).toBe('setVirtualizationRunbook');
    expect(s.data.vm.location).toBe('cloud');
  });

  it('an export with dynamic disks asks the type, then checks a preset device', () => {
    const s = run(fromDevice(), { type: 'chooseLocation', location: 'vhdx-export', supportDynamic: true });
    expect(s.step.name).toBe('setExportType');
    expect(s.data.vm).toMatchObject({ location: 'vhdx-export', format: 'VHDX', exportType: 'dynamic' });
    const t = reduce(s, { type: 'chooseExportType', exportType: 'fixed' });
    expect(t.step.name).toBe('checkVmState');
    expect(t.data.vm.exportType).toBe('fixed');
  });

  it('without dynamic disks the export is fixed and the type step is skipped', () => {
    const s = reduce(fromDevice(), { type: 'chooseLocation', location: 'vm-export', supportDynamic: false });
    expect(s.step.name).toBe('checkVmState');
    expect(s.data.vm).toMatchObject({ format: 'VMDK', exportType: 'fixed' });
  });

  it("a device's own Recover may choose its files at the location step; back returns there", () => {
    const s = reduce(fromDevice(), { type: 'chooseType', value: 'file_or_folder' });
    expect(s.step.name).toBe('restoreType');
    expect(s.data.type).toBe('file_or_folder');
    expect(reduce(s, { type: 'back' }).step.name).toBe('locateVirtualization');
  });

  it('a local VM starts from the whole job: no drive is asked for, even of a job with several', () => {
    const s = run(
      fromDevice(),
      { type: 'chooseLocation', location: 'appliance', supportDynamic: true },
      { type: 'vmChecked', decision: { step: 'setJob' } },
      { type: 'chooseJob', job: { ...job, drives: ['C:', 'D:'] } },
    );
    expect(s.step.name).toBe('setRecoveryPoint');
    expect(s.data.drive).toBeNull();
  });

  it('without a device, the appliance and the device come first, then the check', () => {
    const s = run(
      fromReseller('virtualization'),
      { type: 'chooseLocation', location: 'appliance', supportDynamic: true },
      { type: 'chooseAppliance', appliance: { id: 1, name: 'BRC01' } },
    );
    expect(s.step.name).toBe('setDevice');
    expect(s.data.via).toBe('appliance');
    expect(reduce(s, { type: 'chooseDevice', device }).step.name).toBe('checkVmState');
  });
});

describe('the state check moves on (spec: recovery-flow 4)', () => {
  const checking = () =>
    run(fromDevice(), { type: 'chooseLocation', location: 'vhdx-export', supportDynamic: false });

  it('error goes to the error step with the appliance message', () => {
    const s = reduce(checking(), { type: 'vmChecked', decision: { step: 'error' }, message: 'No answer' });
    expect(s.step).toEqual({ name: 'error', message: 'No answer' });
  });

  it('vmRunning carries its screen; back returns to the choice, not the check', () => {
    const s = reduce(checking(), {
      type: 'vmChecked',
      decision: { step: 'vmRunning', screen: 'testfailover' },
    });
    expect(s.step).toEqual({ name: 'vmRunning', screen: 'testfailover' });
    expect(reduce(s, { type: 'back' }).step.name).toBe('locateVirtualization');
  });

  it('setJob continues; a production failover that can give its disk asks first', () => {
    expect(reduce(checking(), { type: 'vmChecked', decision: { step: 'setJob' } }).step.name).toBe('setJob');
    const f = reduce(checking(), { type: 'vmChecked', decision: { step: 'setJob' }, fromFailover: true });
    expect(f.step.name).toBe('exportVmFailover');
    expect(reduce(f, { type: 'chooseFailoverExport', fromVm: false }).step.name).toBe('setJob');
    const vm = reduce(f, { type: 'chooseFailoverExport', fromVm: true });
    expect(vm.step.name).toBe('setVmExportFailover');
    const ready = reduce(vm, { type: 'failoverExportReady', job, point });
    expect(ready.step.name).toBe('exportVm');
    expect(ready.data).toMatchObject({ job: { id: 4 }, point, vm: { fromFailover: true } });
  });

  it('a waiting share of the same format is followed in load mode', () => {
    const s = reduce(checking(), {
      type: 'vmChecked',
      decision: { step: 'exportVm', load: true, shareId: 12 },
    });
    expect(s.step.name).toBe('exportVm');
    expect(s.data.vm.loadShareId).toBe(12);
  });

  it('an exposed disk goes to revokeMount; a late answer elsewhere changes nothing', () => {
    const s = reduce(checking(), {
      type: 'vmChecked',
      decision: { step: 'revokeMount', shareId: 5 },
      message: 'open',
    });
    expect(s.step).toEqual({ name: 'revokeMount', shareId: 5, message: 'open' });
    expect(reduce(s, { type: 'vmChecked', decision: { step: 'setJob' } })).toBe(s);
  });
});

describe('revoking a mount (spec: recovery-flow 4 Share exposure)', () => {
  const revoke = (location: 'vm-export' | 'appliance', preset: boolean) => {
    const base = preset
      ? fromDevice()
      : run(
          fromReseller(location === 'appliance' ? 'virtualization' : 'virtual-disk'),
          { type: 'chooseLocation', location, supportDynamic: false },
          { type: 'chooseAppliance', appliance: { id: 1, name: 'BRC01' } },
          { type: 'chooseDevice', device },
        );
    const s = preset ? reduce(base, { type: 'chooseLocation', location, supportDynamic: false }) : base;
    return reduce(s, { type: 'vmChecked', decision: { step: 'revokeMount', shareId: 5 } });
  };

  it('an export goes back to setDevice (or checks the preset device again)', () => {
    expect(reduce(revoke('vm-export', false), { type: 'mountRevoked' }).step.name).toBe('setDevice');
    expect(reduce(revoke('vm-export', true), { type: 'mountRevoked' }).step.name).toBe('checkVmState');
  });

  it('a local VM goes to setupLocalVm once a point is chosen, else picks it first', () => {
    const s = revoke('appliance', true);
    expect(reduce(s, { type: 'mountRevoked' }).step.name).toBe('setJob');
    const withPoint = { ...s, data: { ...s.data, point } };
    expect(reduce(withPoint, { type: 'mountRevoked' }).step.name).toBe('setupLocalVm');
  });
});

describe('disk export and local VM', () => {
  it('a point goes to exportVm for an export and setupLocalVm for a local VM', () => {
    expect(stepAfterPoint({ type: 'virtualization', via: 'appliance', vm: { location: 'vhd-export' } })).toBe(
      'exportVm',
    );
    expect(stepAfterPoint({ type: 'virtualization', via: 'appliance', vm: { location: 'appliance' } })).toBe(
      'setupLocalVm',
    );
    expect(stepAfterPoint({ type: 'file_or_folder', via: 'appliance', vm: { location: null } })).toBe(
      'exposeCifsShare',
    );
  });

  it('the change-format prompt retries the export in VHDX; offline retries the export', () => {
    const s = run(
      fromDevice(),
      { type: 'chooseLocation', location: 'vm-export', supportDynamic: false },
      { type: 'vmChecked', decision: { step: 'setJob' } },
      { type: 'chooseJob', job },
      { type: 'choosePoint', point },
    );
    expect(s.step.name).toBe('exportVm');
    const prompt = reduce(s, { type: 'exposeResult', outcome: { kind: 'tryVhdx', message: 'VMDK refused' } });
    expect(prompt.step.name).toBe('exportChangeFormat');
    const again = reduce(prompt, { type: 'switchToVhdx' });
    expect(again.step.name).toBe('exportVm');
    expect(again.data.vm.format).toBe('VHDX');
    const off = reduce(s, { type: 'exposeResult', outcome: { kind: 'offline' } });
    expect(off.step).toEqual({ name: 'applianceOffline', retry: 'exportVm' });
    expect(reduce(off, { type: 'retry' }).step.name).toBe('exportVm');
  });

  it('a start follows the operation, then lists the VMs; an existing VM shows showVMExist', () => {
    const s = run(
      fromDevice(),
      { type: 'chooseLocation', location: 'appliance', supportDynamic: false },
      { type: 'vmChecked', decision: { step: 'setJob' } },
      { type: 'chooseJob', job },
      { type: 'choosePoint', point },
    );
    expect(s.step.name).toBe('setupLocalVm');
    const starting = reduce(s, { type: 'vmStarting', operationId: 44 });
    expect(starting.step.name).toBe('startVm');
    expect(starting.data.vm.operationId).toBe(44);
    expect(reduce(starting, { type: 'vmStarted' }).step.name).toBe('browseLocalVms');
    expect(reduce(s, { type: 'vmExists', message: 'runs' }).step).toEqual({
      name: 'showVMExist',
      message: 'runs',
    });
  });
});
