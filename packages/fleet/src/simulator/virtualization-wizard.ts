import {
  FabricError,
  type FabricProgress,
  type LocalVmStart,
  type VmSubject,
  type WizardVirtualization,
} from '@lifeboat/contract';
import { diskImageBytes } from '@lifeboat/contract/node';
import { type SimDeps, TICKS_PER_STAGE } from './deps';
import { pick, unit } from './random';
import { simulatedScreenshot } from './screenshots';

// The recovery wizard's virtualization on the simulated appliance (spec: recovery-flow 3, 4, 7):
// locations, the VM state, local VM capabilities and start, and the exported disk images. All of
// it is derived from the system's seed and the facts the console passes; faults:
// appliance_offline (no answer), rp_in_use (the start's point is busy), timeout (the VM does not boot),
// slow_vm_start (a slow appliance: the boot takes real time even at SIM_SPEED 0, so a browser test
// sees the wizard's startVm follow it).

const GB = 1024 ** 3;
/** A dynamic VHD holds at most 2040 GiB (the format's limit). */
const VHD_MAX_BYTES = 2040 * GB;

/** The disk size of a simulated system, derived from its seed and kind (whole GiB). */
export function systemDiskBytes(seed: number, deviceType: string): number {
  const choices = deviceType === 'workstation' ? [128, 256, 512] : [250, 500, 1000, 2000];
  return pick(choices, seed, 'disk-size') * GB;
}

/** 16 bytes (a version-4 GUID) from the seed, so a system's image is the same at each download. */
function seededId(seed: number) {
  return (purpose: string) => {
    const out = Uint8Array.from({ length: 16 }, (_, i) => Math.floor(unit(seed, purpose, i) * 256));
    out[7] = ((out[7] ?? 0) & 0x0f) | 0x40; // version 4 (little-endian field)
    return out;
  };
}

/** slow_vm_start: the boot runs at SIM_SPEED 2 at most (30 s of its nominal 60), also at speed 0. */
export const SLOW_START_MAX_SPEED = 2;

export const LOCAL_VM_STAGES = [
  { step: 'Preparing the virtual disks', baseMs: 20_000 },
  { step: 'Booting the virtual machine', baseMs: 40_000 },
] as const;

const faultSubject = (s: VmSubject, restorePointId?: number) => ({
  systemId: s.systemId,
  applianceId: s.applianceId,
  restorePointId: restorePointId ?? null,
});

function offline(deps: SimDeps<'virtualization'>, s: VmSubject) {
  if (s.applianceId !== null && deps.faults.strikes('appliance_offline', faultSubject(s)))
    throw new FabricError('APPLIANCE_OFFLINE', `The appliance of ${s.systemName} does not answer.`);
}

/** Appliances of some models cannot run local VMs (seeded per appliance). */
const applianceRunsVms = (applianceId: number) => unit(applianceId, 'local-vm') >= 0.15;

export function createWizardVirtualization(deps: SimDeps<'virtualization'>): WizardVirtualization {
  return {
    async locations(applianceId, s) {
      const size = s ? systemDiskBytes(s.seed, s.deviceType) : 0;
      const nas = s?.osType === 'NAS' || s?.osType === 'MAC_OS_X';
      return {
        cloud_vm: !nas,
        local_vm: applianceId !== null && applianceRunsVms(applianceId) && !nas,
        vmdk_export: !nas,
        vhd_export: !nas && size <= VHD_MAX_BYTES,
        vhdx_export: !nas,
        support_dynamic: applianceId === null || unit(applianceId, 'dynamic-disks') >= 0.1,
      };
    },

    async virtualizedState(s) {
      offline(deps, s);
      const testfailover = (s.failoverState ?? '').startsWith('FAILOVER_TEST') || s.localVmIsTest === true;
      const virtualized = testfailover || s.productionFailover !== null || s.svaJobStatus !== null;
      return {
        virtualized,
        testfailover,
        production: virtualized && !testfailover,
        running:
          s.svaJobStatus === 'Running' ||
          (s.failoverState ?? '').endsWith('RUNNING') ||
          s.productionFailover === 'running',
        // Rare states of the appliance, fixed per system.
        bmr: virtualized && unit(s.seed, 'vm-bmr') < 0.05,
        transition: virtualized && unit(s.seed, 'vm-transition') < 0.05,
        vmdk_disabled: virtualized && unit(s.seed, 'vmdk-from-failover') < 0.3,
      };
    },

    async capabilities(s) {
      offline(deps, s);
      const windows = s.osType === 'WINDOWS';
      const maxMb = s.applianceId !== null && unit(s.applianceId, 'appliance-ram') < 0.5 ? 16_384 : 32_768;
      return {
        vmSizes: [1024, 2048, 4096, 8192, 16_384, 32_768].filter((m) => m <= maxMb),
        minVMMemMb: windows ? 2048 : 1024,
        vmCpuRange: [1, maxMb > 16_384 ? 8 : 4],
        vmCpuMin: 1,
        warning:
          'The virtual machine runs on the appliance and uses its memory and processors: backups of this appliance may be slower while it runs.',
      };
    },

    async startLocalVm(req: LocalVmStart, progress: FabricProgress) {
      const s = req.subject;
      offline(deps, s);
      if (deps.faults.strikes('rp_in_use', faultSubject(s, req.restorePointId)))
        throw new FabricError(
          'RP_IN_USE',
          `The restore point of ${s.systemName} is in use by another recovery. Try again when it has finished.`,
        );
      const slow = deps.faults.strikes('slow_vm_start', faultSubject(s));
      const wait = (ms: number) => (slow ? deps.waitSlow(ms, SLOW_START_MAX_SPEED) : deps.wait(ms));
      const total = LOCAL_VM_STAGES.reduce((n, st) => n + st.baseMs, 0);
      let elapsed = 0;
      for (const stage of LOCAL_VM_STAGES) {
        // Several reports per stage, so a long boot still moves the bar of the wizard's startVm.
        for (let t = 0; t < TICKS_PER_STAGE; t++) {
          const done = elapsed + (stage.baseMs * t) / TICKS_PER_STAGE;
          await progress.report((done / total) * 100, stage.step);
          await wait(stage.baseMs / TICKS_PER_STAGE);
        }
        elapsed += stage.baseMs;
      }
      if (deps.faults.strikes('timeout', faultSubject(s)))
        throw new FabricError('TIMEOUT', `The virtual machine of ${s.systemName} did not boot in time.`);
      await progress.report(100, 'Finished');
      // The system's own address (seeded) when it keeps it; the console on the appliance's host.
      const own = `10.${1 + (s.seed % 200)}.${1 + (Math.floor(s.seed / 200) % 250)}.${10 + (s.systemId % 240)}`;
      const host = req.applianceName.toLowerCase().replace(/[^a-z0-9-]/g, '');
      return {
        status: 'Running',
        stoppable: true,
        ipAddress: req.useCurrentAddress ? own : req.testIpAddress,
        vncAddress: req.useVNC ? `${host}.local:${5900 + (req.restorePointId % 100)}` : null,
      };
    },

    async diskImage(req) {
      const s = req.subject;
      offline(deps, s);
      const sizeBytes = systemDiskBytes(s.seed, s.deviceType);
      const day = new Date(req.restorePointTakenAt).toISOString().slice(0, 10);
      const base = s.systemName.replace(/[^A-Za-z0-9._-]+/g, '-');
      const fileName = `${base}-${day}.${req.format.toLowerCase()}`;
      const bytes = diskImageBytes({
        format: req.format,
        sizeBytes,
        id: seededId(s.seed),
        fileName,
        createdAt: req.restorePointTakenAt,
      });
      return { fileName, sizeBytes, bytes };
    },

    // Drawn like the AutoVerify screenshots: the same picture for the same run of the same system.
    consoleScreenshot: async (req) =>
      simulatedScreenshot({
        screenshotSeed: (req.seed * 31 + req.systemId * 7 + req.runId) % 2_147_483_647,
        hostname: req.hostname,
        osType: req.osType,
        ok: true,
        width: req.width,
        height: req.height,
      }),
  };
}
