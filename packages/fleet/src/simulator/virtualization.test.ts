import { FabricError, ManualClock, type VmSubject } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { createSimDeps, type SimOptions } from './deps';
import { createSimulatedVirtualization } from './virtualization';
import { LOCAL_VM_STAGES, SLOW_START_MAX_SPEED, systemDiskBytes } from './virtualization-wizard';

const sim = (opts: SimOptions) => createSimulatedVirtualization(createSimDeps(opts));

// The simulated virtualization port's virtual machine actions (inventory area).

const req = { systemId: 5, systemName: 'FS01', applianceId: 3, action: 'start_vm' as const };
const progress = (reports: number[]) => ({ report: async (p: number) => void reports.push(p) });

describe('the simulated virtualization port: vmAction', () => {
  it('takes a VM to the state of the action, with progress up to 100', async () => {
    const port = sim({ clock: new ManualClock(0), speed: 0 });
    const reports: number[] = [];
    expect(await port.vmAction(req, progress(reports))).toEqual({ status: 'Running', stoppable: true });
    expect(reports.at(-1)).toBe(100);
    expect(await port.vmAction({ ...req, action: 'stop_vm' }, progress([]))).toEqual({
      status: 'Stopped',
      stoppable: false,
    });
    expect((await port.vmAction({ ...req, action: 'discard_vm' }, progress([]))).status).toBeNull();
  });

  it('waits the nominal time divided by the speed', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await sim({ clock: new ManualClock(0), speed: 60, sleep }).vmAction(req, progress([]));
    expect(waits.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('fails when the appliance is offline or the VM times out', async () => {
    const port = sim({
      clock: new ManualClock(0),
      speed: 0,
      faults: 'appliance_offline@3,timeout@9',
    });
    const offline = await port.vmAction(req, progress([])).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(FabricError);
    expect((offline as FabricError).code).toBe('APPLIANCE_OFFLINE');
    const late = await port
      .vmAction({ ...req, systemId: 9, applianceId: 4 }, progress([]))
      .catch((e: unknown) => e);
    expect((late as FabricError).code).toBe('TIMEOUT');
    // A vault VM has no appliance to be offline.
    await expect(port.vmAction({ ...req, applianceId: null }, progress([]))).resolves.toMatchObject({
      status: 'Running',
    });
  });
});

describe('the simulated virtualization port: a local VM start', () => {
  const subject = {
    systemId: 5,
    systemName: 'FS01',
    applianceId: 3,
    seed: 11,
    osType: 'WINDOWS',
    deviceType: 'server',
    svaJobStatus: null,
    failoverState: null,
    productionFailover: null,
    localVmIsTest: null,
  };
  const start = {
    subject,
    restorePointId: 40,
    vmSizeMb: 4096,
    vmCpus: 2,
    useVNC: true,
    testIpAddress: '192.168.1.50',
    useCurrentAddress: false,
    isTest: true,
    applianceName: 'ACME-BRC01',
  };
  const nominal = LOCAL_VM_STAGES.reduce((n, s) => n + s.baseMs, 0);
  const run = async (speed: number, faults = '') => {
    const waits: number[] = [];
    const steps: string[] = [];
    const reports: number[] = [];
    const port = sim({ clock: new ManualClock(0), speed, faults, sleep: async (ms) => void waits.push(ms) });
    const outcome = await port.startLocalVm(start, {
      report: async (p, step) => {
        reports.push(p);
        if (step && steps.at(-1) !== step) steps.push(step);
      },
    });
    return { outcome, waited: waits.reduce((a, b) => a + b, 0), steps, reports };
  };

  it('boots through its stages with a moving bar, waiting nothing at speed 0', async () => {
    const r = await run(0);
    expect(r.outcome).toEqual({
      status: 'Running',
      stoppable: true,
      ipAddress: '192.168.1.50',
      vncAddress: 'acme-brc01.local:5940',
    });
    expect(r.waited).toBe(0);
    expect(r.steps).toEqual([...LOCAL_VM_STAGES.map((s) => s.step), 'Finished']);
    expect(r.reports).toEqual([...r.reports].sort((a, b) => a - b));
    expect(new Set(r.reports).size).toBeGreaterThan(LOCAL_VM_STAGES.length + 1);
    expect((await run(60)).waited).toBeCloseTo(nominal / 60);
  });

  it('slow_vm_start: the boot takes real time at speed 0 and is never faster than its cap', async () => {
    expect((await run(0, 'slow_vm_start@5')).waited).toBeCloseTo(nominal / SLOW_START_MAX_SPEED);
    expect((await run(60, 'slow_vm_start@5')).waited).toBeCloseTo(nominal / SLOW_START_MAX_SPEED);
    // Slower than the cap already: the speed's own time.
    expect((await run(1, 'slow_vm_start@5')).waited).toBeCloseTo(nominal);
    // Another system boots at the run's speed.
    expect((await run(0, 'slow_vm_start@6')).waited).toBe(0);
  });
});

describe('the simulated virtualization port: the VM state (recovery-flow 4)', () => {
  const subject: VmSubject = {
    systemId: 5,
    systemName: 'DC01',
    applianceId: 7,
    seed: 11,
    osType: 'WINDOWS',
    deviceType: 'server',
    svaJobStatus: null,
    failoverState: null,
    productionFailover: null,
    localVmIsTest: null,
  };
  const state = (s: Partial<VmSubject>) =>
    sim({ clock: new ManualClock(0), speed: 0 }).virtualizedState({ ...subject, ...s });

  it("a system in none of the console's VMs or offices is not virtualized", async () => {
    expect(await state({})).toMatchObject({ virtualized: false, production: false, running: false });
  });

  it('a production office the console runs is a production VM, running once booted', async () => {
    expect(await state({ productionFailover: 'running' })).toMatchObject({
      virtualized: true,
      production: true,
      running: true,
      testfailover: false,
    });
    expect(await state({ productionFailover: 'starting' })).toMatchObject({
      virtualized: true,
      production: true,
      running: false,
    });
  });

  it('a test office is a test failover', async () => {
    expect(await state({ failoverState: 'FAILOVER_TEST_VM_RUNNING' })).toMatchObject({
      virtualized: true,
      production: false,
      testfailover: true,
    });
  });
});

describe('the simulated virtualization port: disk images', () => {
  it('derives a whole-GiB disk size from the seed', () => {
    const GB = 1024 ** 3;
    expect(systemDiskBytes(7, 'server') % GB).toBe(0);
    expect(systemDiskBytes(7, 'server')).toBe(systemDiskBytes(7, 'server'));
  });
});

describe('the simulated virtualization port: console screenshots', () => {
  it('draws a PNG of the asked size, the same for the same run and another for another run', async () => {
    const port = sim({ clock: new ManualClock(0), speed: 0 });
    const shot = {
      systemId: 5,
      seed: 42,
      runId: 7,
      hostname: 'fs01',
      osType: 'WINDOWS',
      width: 320,
      height: 240,
    };
    const a = await port.consoleScreenshot(shot);
    expect(a.subarray(1, 4).toString()).toBe('PNG');
    expect([a.readUInt32BE(16), a.readUInt32BE(20)]).toEqual([320, 240]);
    expect((await port.consoleScreenshot(shot)).equals(a)).toBe(true);
    expect((await port.consoleScreenshot({ ...shot, runId: 8 })).equals(a)).toBe(false);
  });
});
