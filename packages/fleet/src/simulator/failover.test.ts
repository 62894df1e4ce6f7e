import { FabricError, type FailoverRequest, ManualClock, type RunbookRequest } from '@lifeboat/contract';
import { describe, expect, it } from 'vitest';
import { createSimDeps, type SimOptions } from './deps';
import {
  APPLIANCE_VO_MACHINES,
  bootOrder,
  createSimulatedFailover,
  FAILOVER_TIMES,
  officeAddresses,
  officeIp,
} from './failover';

const sim = (opts: Partial<SimOptions> = {}) =>
  createSimulatedFailover(createSimDeps({ clock: new ManualClock(0), speed: 0, ...opts }));

const machine = (systemId: number, extra: object = {}) => ({
  systemId,
  systemName: `SRV${systemId}`,
  osType: 'WINDOWS',
  applianceId: 3,
  restorePointId: systemId * 10,
  ...extra,
});

const req: FailoverRequest = {
  failoverId: 41,
  clientId: 7,
  clientName: 'Acme',
  type: 'test',
  location: 'appliance',
  applianceId: 3,
  machines: [machine(1), machine(2)],
  gateway: '192.168.50.1',
  netmask: '255.255.255.0',
};

const runbook: RunbookRequest = {
  runbookId: 5,
  runbookName: 'Office',
  clientId: 7,
  voType: 'cloud',
  applianceId: null,
  machines: [machine(1), machine(2)],
};

function recorder() {
  const reports: { percent: number; step?: string }[] = [];
  return {
    reports,
    progress: { report: async (percent: number, step?: string) => void reports.push({ percent, step }) },
  };
}

describe('the simulated failover port', () => {
  it('starts a virtual office: one running VM per machine in the gateway’s network', async () => {
    const { reports, progress } = recorder();
    const out = await sim().startFailover(req, progress);
    expect(out.vms).toEqual([
      { systemId: 1, ipAddress: '192.168.50.10', status: 'Running' },
      { systemId: 2, ipAddress: '192.168.50.11', status: 'Running' },
    ]);
    expect(out.officeAddress).toContain('appliance-3');
    expect(reports.map((r) => r.step)).toEqual([
      'Creating the virtual network',
      'Starting SRV1',
      'Starting SRV2',
      'Virtual office running',
    ]);
    for (let i = 1; i < reports.length; i++)
      expect(reports[i]!.percent).toBeGreaterThan(reports[i - 1]!.percent);
    expect(reports.at(-1)?.percent).toBe(100);
    // The same request gives the same office; the cloud has its own address.
    expect(await sim().startFailover(req, recorder().progress)).toEqual(out);
    const cloud = await sim().startFailover({ ...req, location: 'cloud', applianceId: null }, progress);
    expect(cloud.officeAddress).toMatch(/^vpn-41\./);
  });

  it('picks a network per client without a gateway', () => {
    expect(officeIp(7, null, 0)).toBe('10.107.0.10');
    expect(officeIp(7, 'not an address', 2)).toBe('10.107.0.12');
  });

  it('waits the nominal time divided by the speed', async () => {
    let slept = 0;
    const sleep = async (ms: number) => {
      slept += ms;
    };
    await sim({ speed: 60, sleep }).startFailover(req, recorder().progress);
    expect(slept).toBeCloseTo((FAILOVER_TIMES.network + 2 * FAILOVER_TIMES.perMachine) / 60);
  });

  it('refuses with the configured faults and for machines that cannot boot', async () => {
    const faulty = sim({ faults: 'appliance_offline@3,failover_failed@client:8' });
    await expect(faulty.startFailover(req, recorder().progress)).rejects.toMatchObject({
      code: 'APPLIANCE_OFFLINE',
    });
    // In the cloud the appliance does not matter.
    await expect(
      faulty.startFailover({ ...req, location: 'cloud', applianceId: null }, recorder().progress),
    ).resolves.toBeTruthy();
    const failed = await faulty
      .startFailover({ ...req, clientId: 8, location: 'cloud' }, recorder().progress)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(FabricError);
    expect(failed).toMatchObject({ code: 'FAILED', message: expect.stringContaining('Acme') });
    await expect(
      sim().startFailover({ ...req, machines: [machine(1, { restorePointId: null })] }, recorder().progress),
    ).rejects.toMatchObject({ code: 'FAILED', message: 'SRV1 has no restore point to start from.' });
    await expect(sim().startFailover({ ...req, machines: [] }, recorder().progress)).rejects.toMatchObject({
      code: 'FAILED',
    });
  });

  it('stops a failover', async () => {
    const { reports, progress } = recorder();
    await expect(sim().stopFailover(req, progress)).resolves.toBeUndefined();
    expect(reports.at(-1)).toEqual({ percent: 100, step: 'Virtual office removed' });
  });

  it('checks a runbook: errors stop it, warnings do not', async () => {
    expect(await sim().checkRunbook(runbook)).toEqual({ warnings: [], errors: [] });
    const mac = await sim().checkRunbook({ ...runbook, machines: [machine(1, { osType: 'MAC_OS_X' })] });
    expect(mac.errors).toEqual(['SRV1 cannot run as a virtual machine (MAC_OS_X).']);
    expect((await sim().checkRunbook({ ...runbook, voType: 'appliance' })).errors).toHaveLength(1);
    const many = Array.from({ length: APPLIANCE_VO_MACHINES + 1 }, (_, i) => machine(i + 1));
    const busy = await sim().checkRunbook({
      ...runbook,
      voType: 'appliance',
      applianceId: 3,
      machines: many,
    });
    expect(busy.errors).toEqual([]);
    expect(busy.warnings).toHaveLength(1);
  });

  it('runs a runbook to vo_created, or fails at vo_error', async () => {
    const out = await sim().runRunbook(runbook, recorder().progress);
    expect(out.vms.map((v) => v.systemId)).toEqual([1, 2]);
    expect(out.officeAddress).toMatch(/^vpn-5\./);
    await expect(
      sim({ faults: 'runbook_failed@client:7' }).runRunbook(runbook, recorder().progress),
    ).rejects.toMatchObject({ code: 'FAILED', message: expect.stringContaining('vo_error') });
    await expect(sim().runRunbook({ ...runbook, machines: [] }, recorder().progress)).rejects.toMatchObject({
      code: 'FAILED',
    });
  });

  it('boots group by group with delays, giving runbook addresses and reporting each system', async () => {
    const machines = [
      machine(1, { group: 2, ipAddress: '192.168.50.10' }),
      machine(2, { group: 1, delaySeconds: 30 }),
      machine(3, { group: 1 }),
    ];
    expect(bootOrder(machines).map((m) => m.systemId)).toEqual([2, 3, 1]);
    const events: string[] = [];
    let slept = 0;
    const out = await sim({
      speed: 1,
      sleep: async (ms: number) => {
        slept += ms;
      },
    }).runRunbook({ ...runbook, machines, failoverId: 90, gateway: '192.168.50.1' }, recorder().progress, {
      booting: async (id) => void events.push(`booting ${id}`),
      booted: async (vm) => void events.push(`running ${vm.systemId} ${vm.ipAddress}`),
    });
    expect(events).toEqual([
      'booting 2',
      // .10 is the runbook's address of system 1: the others take the next free ones.
      'running 2 192.168.50.11',
      'booting 3',
      'running 3 192.168.50.12',
      'booting 1',
      'running 1 192.168.50.10',
    ]);
    expect(out.officeAddress).toMatch(/^vpn-90\./);
    expect(slept).toBe(FAILOVER_TIMES.network + 3 * FAILOVER_TIMES.perMachine + 30_000);
    expect(officeAddresses(7, '10.0.0.10', [machine(1)])).toEqual(['10.0.0.11']);
  });

  it('draws the same console screen for the same system of an office', async () => {
    const s = sim();
    const req = { failoverId: 4, systemId: 2, hostname: 'srv2', osType: 'WINDOWS', width: 320, height: 240 };
    const png = await s.officeScreenshot(req);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect((await s.officeScreenshot(req)).equals(png)).toBe(true);
    expect((await s.officeScreenshot({ ...req, systemId: 3 })).equals(png)).toBe(false);
  });
});
