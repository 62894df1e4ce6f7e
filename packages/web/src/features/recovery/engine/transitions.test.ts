import { DOWNLOAD_TYPE, downloadTypeFor, type ResellerClientRow } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { autoClient, deviceSelectable, stepAfterClient } from './rules';
import { type ClientChoice, initialState, type WizardState } from './state';
import { canGoBack, reduce, type WizardEvent, wizardHeader } from './transitions';

// Every rule of the wizard's path to files and shares (spec: recovery-flow 2, 4, 5).

const client = (over: Partial<ClientChoice> = {}): ClientChoice => ({
  id: 6,
  name: 'Acme',
  has_brc: 1,
  has_x360recover: 0,
  has_local_devices: 1,
  ...over,
});
const row = (id: number, rp: number): ResellerClientRow => ({
  id,
  name: `C${id}`,
  workstation_count: 1,
  server_count: 1,
  app_count: 1,
  machines_latest_schedule_rp_count: rp,
  has_brc: 1,
  has_x360recover: 0,
  has_macos_only: 0,
  no_rp_tooltip: rp ? null : 'none',
});
const device = { id: 9, name: 'FS01', asid: '9', appliance_id: 1, client_id: 6, state: null };
const fileJob = { id: 3, name: 'Files', type: 'FILE' as const, drives: ['D:'] };
const bmrJob = { id: 4, name: 'System', type: 'SERVER_ALIVE_BMR' as const, drives: ['C:', 'D:'] };

const run = (s: WizardState, ...events: WizardEvent[]) => events.reduce(reduce, s);
const reseller = () => initialState({ kind: 'reseller', resellerId: 3 });

describe('entry points', () => {
  it('a reseller starts at clientSelect in the general reseller flow; a client or device starts loading', () => {
    expect(reseller()).toMatchObject({ step: { name: 'clientSelect' }, data: { flow: 'general reseller' } });
    expect(initialState({ kind: 'client', clientId: 6 })).toMatchObject({
      step: { name: 'loading' },
      data: { flow: 'recovery' },
    });
  });

  it('a device entry presets the device and goes to its start step, or type for the first tool', () => {
    const s = initialState({ kind: 'device', deviceId: 9 });
    const loaded = reduce(s, {
      type: 'entryLoaded',
      client: client(),
      device: { ...device, service_gen: 2 },
    });
    expect(loaded).toMatchObject({
      step: { name: 'type' },
      data: { presetDevice: true, tool: 'first', device: { id: 9 } },
    });
    expect(canGoBack(loaded)).toBe(false);
    const at = reduce(initialState({ kind: 'device', deviceId: 9, startStep: 'restoreType' }), {
      type: 'entryLoaded',
      client: client(),
      device: { ...device, service_gen: 2 },
    });
    expect(at.step.name).toBe('restoreType');
    const gen4 = reduce(s, {
      type: 'entryLoaded',
      client: client({ has_x360recover: 1 }),
      device: { ...device, service_gen: 4 },
    });
    expect(gen4.step.name).toBe('typeRB');
  });

  it('a preset device skips setAppliance and setDevice', () => {
    const s = run(
      initialState({ kind: 'device', deviceId: 9 }),
      { type: 'entryLoaded', client: client(), device: { ...device, service_gen: 2 } },
      { type: 'chooseType', value: 'file_or_folder' },
      { type: 'chooseRestoreType', via: 'appliance' },
    );
    expect(s.step.name).toBe('setJob');
  });
});

describe('clientSelect', () => {
  it('skips the step for a reseller with one client, so back is hidden', () => {
    expect(autoClient([row(1, 3)])).toEqual({ row: row(1, 3), mode: 'skip' });
    const s = reduce(reseller(), { type: 'chooseClient', client: client(), auto: 'skip' });
    expect(s.step.name).toBe('type');
    expect(canGoBack(s)).toBe(false);
  });

  it('chooses the only client with restore points but keeps the table reachable by back', () => {
    expect(autoClient([row(1, 0), row(2, 5), row(3, 0)])).toEqual({ row: row(2, 5), mode: 'keep' });
    const s = reduce(reseller(), { type: 'chooseClient', client: client(), auto: 'keep' });
    expect(canGoBack(s)).toBe(true);
    expect(reduce(s, { type: 'back' })).toMatchObject({ step: { name: 'clientSelect' }, direction: 'back' });
  });

  it('chooses nothing when several or no clients have points', () => {
    expect(autoClient([row(1, 2), row(2, 5)])).toBeNull();
    expect(autoClient([row(1, 0)])).toBeNull();
    expect(autoClient([])).toBeNull();
  });

  it('goes to recoverToolSelect when the client has both tools, typeRB for the second only', () => {
    expect(stepAfterClient(client({ has_x360recover: 1 }))).toBe('recoverToolSelect');
    expect(stepAfterClient(client({ has_brc: 0, has_x360recover: 1 }))).toBe('typeRB');
    expect(stepAfterClient(client())).toBe('type');
    const s = run(
      reseller(),
      { type: 'chooseClient', client: client({ has_x360recover: 1 }) },
      { type: 'chooseTool', tool: 'second' },
    );
    expect(s).toMatchObject({ step: { name: 'typeRB' }, data: { tool: 'second' } });
  });
});

describe('type, restoreType, appliance, device, job, drive', () => {
  const chosen = () =>
    run(
      reseller(),
      { type: 'chooseClient', client: client() },
      { type: 'chooseType', value: 'file_or_folder' },
    );

  it('offers the appliance only when local devices exist', () => {
    const noLocal = run(
      reseller(),
      { type: 'chooseClient', client: client({ has_local_devices: 0 }) },
      { type: 'chooseType', value: 'file_or_folder' },
    );
    expect(reduce(noLocal, { type: 'chooseRestoreType', via: 'appliance' })).toBe(noLocal);
    expect(reduce(noLocal, { type: 'chooseRestoreType', via: 'cloud' }).step.name).toBe('setDevice');
    expect(reduce(chosen(), { type: 'chooseRestoreType', via: 'appliance' }).step.name).toBe('setAppliance');
  });

  it('virtual disks and virtualization go to locateVirtualization', () => {
    const s = reduce(run(reseller(), { type: 'chooseClient', client: client() }), {
      type: 'chooseType',
      value: 'virtualization',
    });
    expect(s.step.name).toBe('locateVirtualization');
  });

  it('skips setAppliance for one appliance and setJob for one job; back jumps over them', () => {
    const s = run(
      chosen(),
      { type: 'chooseRestoreType', via: 'appliance' },
      { type: 'chooseAppliance', appliance: { id: 1, name: 'A' }, auto: 'skip' },
      { type: 'chooseDevice', device },
      { type: 'chooseJob', job: fileJob, auto: 'skip' },
    );
    expect(s).toMatchObject({ step: { name: 'setRecoveryPoint' }, data: { drive: 'D:' } });
    const b1 = reduce(s, { type: 'back' });
    expect(b1.step.name).toBe('setDevice');
    expect(reduce(b1, { type: 'back' }).step.name).toBe('restoreType');
  });

  it('the header follows back: a system left by back is no longer named (issue 18.14)', () => {
    const text = (ms: number) => `t${ms}`;
    const s = run(
      chosen(),
      { type: 'chooseRestoreType', via: 'cloud' },
      { type: 'chooseDevice', device },
      { type: 'chooseJob', job: fileJob, auto: 'skip' },
      { type: 'choosePoint', point: { id: 1, ts: 5 } },
    );
    expect(wizardHeader(s.data, text)).toBe('Acme · FS01 · t5');
    const atPoints = reduce(s, { type: 'back' });
    expect(atPoints.step.name).toBe('setRecoveryPoint');
    expect(wizardHeader(atPoints.data, text)).toBe('Acme · FS01');
    const atDevices = reduce(atPoints, { type: 'back' });
    expect(atDevices.step.name).toBe('setDevice');
    expect(wizardHeader(atDevices.data, text)).toBe('Acme');
    const atClients = run(atDevices, { type: 'back' }, { type: 'back' }, { type: 'back' });
    expect(atClients.step.name).toBe('clientSelect');
    expect(wizardHeader(atClients.data, text)).toBe('');
  });

  it('refuses a device in a failover test', () => {
    const s = run(chosen(), { type: 'chooseRestoreType', via: 'cloud' });
    for (const state of ['FAILOVER_TEST_VM_RUNNING', 'FAILOVER_TEST_VM_PAUSED', 'FAILOVER_TEST_VM_READY']) {
      expect(deviceSelectable({ state })).toBe(false);
      expect(reduce(s, { type: 'chooseDevice', device: { ...device, state } })).toBe(s);
    }
    expect(deviceSelectable({ state: null })).toBe(true);
  });

  it('shows setDrive only for a SERVER_ALIVE_BMR job with several drives', () => {
    const s = run(chosen(), { type: 'chooseRestoreType', via: 'cloud' }, { type: 'chooseDevice', device });
    expect(reduce(s, { type: 'chooseJob', job: bmrJob }).step.name).toBe('setDrive');
    expect(reduce(s, { type: 'chooseJob', job: { ...bmrJob, drives: ['C:'] } })).toMatchObject({
      step: { name: 'setRecoveryPoint' },
      data: { drive: 'C:' },
    });
    // A file job of several shares is browsed whole.
    expect(reduce(s, { type: 'chooseJob', job: { ...fileJob, drives: ['/a', '/b'] } })).toMatchObject({
      step: { name: 'setRecoveryPoint' },
      data: { drive: null },
    });
    const d = run(s, { type: 'chooseJob', job: bmrJob }, { type: 'chooseDrive', drive: 'D:' });
    expect(d).toMatchObject({ step: { name: 'setRecoveryPoint' }, data: { drive: 'D:' } });
  });
});

describe('recovery point, browse and restore', () => {
  const atPoints = (via: 'cloud' | 'appliance') =>
    run(
      reseller(),
      { type: 'chooseClient', client: client() },
      { type: 'chooseType', value: 'file_or_folder' },
      { type: 'chooseRestoreType', via },
      ...(via === 'appliance'
        ? [{ type: 'chooseAppliance', appliance: { id: 1, name: 'A' } } as WizardEvent]
        : []),
      { type: 'chooseDevice', device },
      { type: 'chooseJob', job: fileJob },
    );

  it('a cloud point goes to browse, an appliance point to exposeCifsShare', () => {
    expect(reduce(atPoints('cloud'), { type: 'choosePoint', point: { id: 1, ts: 5 } }).step.name).toBe(
      'browse',
    );
    expect(reduce(atPoints('appliance'), { type: 'choosePoint', point: { id: 1, ts: 5 } }).step.name).toBe(
      'exposeCifsShare',
    );
  });

  it('a single point chosen by itself is skipped on the way back', () => {
    const s = reduce(atPoints('cloud'), { type: 'choosePoint', point: { id: 1, ts: 5 }, auto: 'skip' });
    expect(reduce(s, { type: 'back' }).step.name).toBe('setJob');
  });

  it('no data from the appliance leads to applianceOffline; try again returns to the points', () => {
    const s = reduce(atPoints('appliance'), { type: 'pointsOffline' });
    expect(s.step).toEqual({ name: 'applianceOffline', retry: 'setRecoveryPoint' });
    expect(reduce(s, { type: 'retry' }).step.name).toBe('setRecoveryPoint');
    expect(reduce(s, { type: 'back' }).step.name).toBe('setJob');
  });

  it('Next on browse does nothing until something is selected', () => {
    const s = reduce(atPoints('cloud'), { type: 'choosePoint', point: { id: 1, ts: 5 } });
    expect(reduce(s, { type: 'next' })).toBe(s);
    const picked = reduce(s, {
      type: 'select',
      selected: [{ name: 'a.txt', path: 'D:/a.txt', type: 'file', size: 1, modifiedAt: 0 }],
    });
    expect(reduce(picked, { type: 'next' }).step.name).toBe('restore');
    expect(reduce(reduce(picked, { type: 'next' }), { type: 'back' }).step.name).toBe('browse');
  });
});

describe('share exposure outcomes (recovery-flow 4)', () => {
  const atShare = () =>
    run(
      reseller(),
      { type: 'chooseClient', client: client() },
      { type: 'chooseType', value: 'file_or_folder' },
      { type: 'chooseRestoreType', via: 'appliance' },
      { type: 'chooseAppliance', appliance: { id: 1, name: 'A' } },
      { type: 'chooseDevice', device },
      { type: 'chooseJob', job: fileJob },
      { type: 'choosePoint', point: { id: 1, ts: 5 } },
    );

  it('try_vhdx goes to exportChangeFormat, which retries in VHDX', () => {
    const s = reduce(atShare(), { type: 'exposeResult', outcome: { kind: 'tryVhdx', message: 'm' } });
    expect(s.step).toEqual({ name: 'exportChangeFormat', message: 'm' });
    expect(reduce(s, { type: 'switchToVhdx' })).toMatchObject({
      step: { name: 'exposeCifsShare' },
      data: { format: 'VHDX' },
    });
  });

  it('not ok goes to genericError with the server’s title and message; back returns to the points', () => {
    const s = reduce(atShare(), {
      type: 'exposeResult',
      outcome: { kind: 'error', title: 'T', message: 'M' },
    });
    expect(s.step).toEqual({ name: 'genericError', title: 'T', message: 'M' });
    expect(reduce(s, { type: 'back' }).step.name).toBe('setRecoveryPoint');
  });

  it('no answer goes to applianceOffline; try again exposes again', () => {
    const s = reduce(atShare(), { type: 'exposeResult', outcome: { kind: 'offline' } });
    expect(s.step).toEqual({ name: 'applianceOffline', retry: 'exposeCifsShare' });
    expect(reduce(s, { type: 'retry' }).step.name).toBe('exposeCifsShare');
  });

  it('an open share of the device goes to revokeMount; ok stays', () => {
    expect(
      reduce(atShare(), { type: 'exposeResult', outcome: { kind: 'exposed', shareId: 4, message: 'm' } })
        .step,
    ).toEqual({ name: 'revokeMount', shareId: 4, message: 'm' });
    const s = atShare();
    expect(reduce(s, { type: 'exposeResult', outcome: { kind: 'ok' } })).toBe(s);
  });
});

describe('download type (recovery-flow 4)', () => {
  const f = { type: 'file' as const };
  const d = { type: 'folder' as const };
  it('one file is 1 whatever the archive; zip is 2; tar is 3 for one folder, 4 for several items', () => {
    expect(downloadTypeFor([f], 'zip')).toBe(DOWNLOAD_TYPE.FILE);
    expect(downloadTypeFor([f], 'tar')).toBe(DOWNLOAD_TYPE.FILE);
    expect(downloadTypeFor([f, f], 'zip')).toBe(DOWNLOAD_TYPE.ZIP);
    expect(downloadTypeFor([d], 'zip')).toBe(DOWNLOAD_TYPE.ZIP);
    expect(downloadTypeFor([d], 'tar')).toBe(DOWNLOAD_TYPE.TAR);
    expect(downloadTypeFor([f, d], 'tar')).toBe(DOWNLOAD_TYPE.MULTI_TAR);
  });
});

describe('reading an expose answer (recovery-flow 4)', () => {
  it('maps ok, an open share, try_vhdx and a refusal', async () => {
    const { exposeOutcome } = await import('./outcomes');
    expect(exposeOutcome({ ok: true, shareId: 1 })).toEqual({ kind: 'ok' });
    expect(exposeOutcome({ ok: false, exposed_share_id: 4, error: 'open' })).toEqual({
      kind: 'exposed',
      shareId: 4,
      message: 'open',
    });
    expect(exposeOutcome({ ok: false, try_vhdx: true, error: 'vhdx' })).toEqual({
      kind: 'tryVhdx',
      message: 'vhdx',
    });
    expect(exposeOutcome({ ok: false, title: 'T', error: 'M' })).toEqual({
      kind: 'error',
      title: 'T',
      message: 'M',
    });
    expect(exposeOutcome({ ok: false })).toMatchObject({
      kind: 'error',
      title: 'The share could not be created',
    });
  });
});
