import { THRESHOLD_MINUTES } from '@lifeboat/contract';
import type { ResolvedCounts } from './counts';
import { DISTRIBUTOR_NAMES } from './names';
import { companyName, mspName } from './naming';
import {
  type AppliancePlan,
  type ClientFlavour,
  DAY,
  type DistributorPlan,
  type FleetPlan,
  type LicenseType,
  type ResellerPlan,
  TB,
  type ThresholdPlan,
  type ToolMix,
  type VaultPlan,
} from './plan-types';
import { apportion, Rng } from './rng';

// The general planner for 'large' and explicit counts: totals are exact, the mix is drawn.
// The first two resellers carry the demo accounts `reseller` and `reseller2`.

export const CLOUD_REGIONS = [
  'US-East',
  'US-West',
  'EU-West',
  'EU-Central',
  'Canada-Central',
  'AP-Southeast',
];

export function cloudVaults(count: number, firstId: number): VaultPlan[] {
  return Array.from({ length: count }, (_, k) => ({
    id: firstId + k,
    resellerId: null,
    name: `Cloud Vault ${CLOUD_REGIONS[k % CLOUD_REGIONS.length]}${k >= CLOUD_REGIONS.length ? ` ${Math.floor(k / CLOUD_REGIONS.length) + 1}` : ''}`,
    type: 'cloud' as const,
    capacityBytes: 2000 * TB,
  }));
}

const LICENSES: ReadonlyArray<readonly [LicenseType, number]> = [
  ['endpoint', 5],
  ['bdr_bundle', 3],
  ['storage', 2],
];

function appliancesFor(rng: Rng, tools: ToolMix, systems: number, flavour: ClientFlavour): AppliancePlan[] {
  if (flavour !== 'normal') return [];
  const out: AppliancePlan[] = [];
  const add = (brc: boolean) =>
    out.push({ brc, online: rng.chance(0.97), licenseType: rng.weighted(LICENSES) });
  // First-generation systems always sit behind a BRC appliance.
  if (tools !== 'gen4') add(true);
  if (tools !== 'gen4' && systems > 30) add(true);
  if (tools !== 'gen2' && systems >= 4 && rng.chance(0.45)) add(false);
  return out;
}

export function planFleet(counts: ResolvedCounts, seed: number, now: number): FleetPlan {
  const rng = new Rng(seed).fork('plan');
  let orgId = 1;
  const providerId = orgId++;
  const distributors: DistributorPlan[] = Array.from({ length: counts.distributors }, (_, k) => ({
    id: orgId++,
    name: `${DISTRIBUTOR_NAMES[k % DISTRIBUTOR_NAMES.length]}${k >= DISTRIBUTOR_NAMES.length ? ` ${Math.floor(k / DISTRIBUTOR_NAMES.length) + 1}` : ''}`,
    createdAt: now - rng.int(900, 1500) * DAY,
    demoUser: k === 0 ? 'distributor' : null,
  }));

  const clouds = cloudVaults(Math.max(2, Math.min(12, Math.ceil(counts.resellers / 100))), 1);
  const vaults = [...clouds];
  let vaultId = clouds.length + 1;
  const resellerNames = new Set<string>(['Brightline IT Services', 'Harbor Managed Solutions']);
  const main = Math.max(1, Math.round(counts.clients * counts.mainResellerShare));
  const weights = Array.from({ length: counts.resellers }, (_, k) => (k === 0 ? 0 : rng.logNormal(1, 0.7)));
  const rest = apportion(counts.clients - main, weights.slice(1), 1);
  const clientsPer = [main, ...rest];

  const resellers: ResellerPlan[] = [];
  for (let k = 0; k < counts.resellers; k++) {
    const id = orgId++;
    const dist =
      distributors[
        Math.min(distributors.length - 1, Math.floor((k * distributors.length) / counts.resellers))
      ];
    const hasPrivate = k < 2 || rng.chance(0.2);
    const privateVaultId = hasPrivate ? vaultId++ : null;
    const name =
      k === 0 ? 'Brightline IT Services' : k === 1 ? 'Harbor Managed Solutions' : mspName(rng, resellerNames);
    if (privateVaultId !== null) {
      vaults.push({
        id: privateVaultId,
        resellerId: id,
        name: `${name.split(' ')[0]} Private Vault`,
        type: 'private',
        capacityBytes: rng.int(40, 400) * TB,
      });
    }
    const special = k < 2;
    resellers.push({
      id,
      distributorId: (dist as DistributorPlan).id,
      name,
      flags: {
        canRecover: special || rng.chance(0.95),
        canCreateClient: special || rng.chance(0.9),
        canDownloadAgent: special || rng.chance(0.95),
        canEditPolicy: special || rng.chance(0.85),
        azure: k === 0 || rng.chance(0.3),
        showVo: k === 0 || rng.chance(0.4),
      },
      createdAt: now - rng.int(400, 1200) * DAY,
      extraUsers: counts.usersPerReseller,
      demoUser: k === 0 ? 'reseller' : k === 1 ? 'reseller2' : null,
      cloudVaultId: (clouds[k % clouds.length] as VaultPlan).id,
      privateVaultId,
      clients: [],
    });
  }

  const sysWeights = Array.from({ length: counts.clients }, () => rng.logNormal(1, 0.8));
  const systemsPer = apportion(counts.systems, sysWeights, 1);
  const clientNames = new Set<string>();
  let c = 0;
  for (const [k, r] of resellers.entries()) {
    const n = clientsPer[k] ?? 1;
    for (let j = 0; j < n; j++, c++) {
      const systems = systemsPer[c] ?? 1;
      const first = r.demoUser === 'reseller' && j === 0;
      const flavour: ClientFlavour = first
        ? 'normal'
        : rng.weighted<ClientFlavour>([
            ['normal', 985],
            ['macOnly', 10],
            ['noRestorePoints', 5],
          ]);
      const tools: ToolMix =
        first || (r.demoUser === 'reseller' && j < 20)
          ? 'both'
          : flavour !== 'normal'
            ? 'gen4'
            : rng.weighted<ToolMix>([
                ['gen4', 70],
                ['both', 15],
                ['gen2', 15],
              ]);
      const appliances = appliancesFor(rng, tools, systems, flavour);
      if (first && !appliances.some((a) => !a.brc))
        appliances.push({ brc: false, online: true, licenseType: 'bdr_bundle' });
      r.clients.push({
        id: orgId++,
        resellerId: r.id,
        distributorId: r.distributorId,
        name: companyName(rng, clientNames),
        tools,
        flavour,
        appliances,
        d2cShare: appliances.some((a) => !a.brc) ? 0.15 : 1,
        systems,
        createdAt: flavour === 'noRestorePoints' ? now - rng.int(1, 2) * DAY : now - rng.int(30, 900) * DAY,
        extraUsers: counts.usersPerClient,
        demoUser: first ? 'client' : null,
      });
    }
  }
  return {
    providerId,
    providerName: 'Lifeboat Cloud',
    distributors,
    resellers,
    vaults,
    thresholds: drawThresholds(rng, resellers),
    systemOverrideRate: 0.005,
  };
}

/** A few reseller and client overrides of the alert thresholds, with the slider's values. */
export function drawThresholds(rng: Rng, resellers: ResellerPlan[]): ThresholdPlan[] {
  const out: ThresholdPlan[] = [];
  const minutes = (lo: number, hi: number) => rng.pick(THRESHOLD_MINUTES.filter((m) => m >= lo && m <= hi));
  for (const r of resellers) {
    if (r.demoUser === 'reseller2' || rng.chance(0.05)) {
      out.push({ scope: 'reseller', scopeId: r.id, kind: 'server', minutes: minutes(720, 1440) });
    }
    for (const c of r.clients) {
      if (rng.chance(0.02))
        out.push({ scope: 'client', scopeId: c.id, kind: 'workstation', minutes: minutes(10080, 20160) });
      if (rng.chance(0.01))
        out.push({ scope: 'client', scopeId: c.id, kind: 'local_cache', minutes: minutes(1440, 2880) });
    }
  }
  return out;
}
