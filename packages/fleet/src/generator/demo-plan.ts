import { cloudVaults, drawThresholds } from './plan';
import {
  type AppliancePlan,
  type ClientFlavour,
  type ClientPlan,
  DAY,
  type FleetPlan,
  HOUR,
  type LicenseType,
  type ResellerFlags,
  type ResellerPlan,
  TB,
  type ToolMix,
} from './plan-types';
import { Rng } from './rng';

// The demo fleet, shaped by hand so that a person can read it and every screen has something to
// show: three resellers, 30 clients, 10 appliances, 4 vaults, 200 systems.

type ClientRow = [name: string, tools: ToolMix, systems: number, appliances: string, flavour?: ClientFlavour];

// Appliances: B = first-generation (BRC), X = second-generation; e = endpoint, b = BDR bundle,
// s = storage licence; a trailing ! means offline.
const BRIGHTLINE: ClientRow[] = [
  ['Acme Dental Group', 'both', 16, 'Be Xb'],
  ['Northwind Logistics', 'both', 14, 'Bs Xe'],
  ['Baker & Lowe LLP', 'gen2', 9, 'Bb'],
  ['Evergreen Family Medicine', 'gen4', 10, 'Xe!'],
  ['Pixel Forge Studios', 'gen4', 5, '', 'macOnly'],
  ['Riverside Veterinary Clinic', 'gen4', 3, '', 'noRestorePoints'],
  ['Cedar Point Realty', 'gen4', 6, ''],
  ['Harborview Insurance Agency', 'gen4', 5, ''],
  ['Granite Builders Inc.', 'gen4', 7, ''],
  ['Juniper Montessori School', 'gen4', 4, ''],
  ['Sterling CPA Partners', 'gen4', 6, ''],
  ['Lakeside Orthodontics', 'gen4', 5, ''],
  ['Hawthorne Architects', 'gen4', 5, ''],
];

const HARBOR: ClientRow[] = [
  ['Bayshore Freight LLC', 'both', 12, 'Be Xs!'],
  ['Ironwood Machine Works', 'gen2', 8, 'Be'],
  ['Westfield Pediatrics', 'gen4', 7, ''],
  ['Oakmont Title & Escrow', 'gen4', 6, ''],
  ['Millbrook Senior Living', 'gen4', 7, ''],
  ['Prescott Law Group', 'gen4', 6, ''],
  ['Silver Creek Brewing Co.', 'gen4', 5, ''],
  ['Meridian Eye Care', 'gen4', 6, ''],
  ['Tidewater Marine Supply', 'gen4', 5, ''],
];

const COPPERLEAF: ClientRow[] = [
  ['Foxhall Animal Hospital', 'gen4', 8, 'Xb'],
  ['Kingsley Auto Group', 'gen4', 6, ''],
  ['Larkspur Design Studio', 'gen4', 5, ''],
  ['Quarry Electric', 'gen4', 5, ''],
  ['Union Square Dermatology', 'gen4', 5, ''],
  ['Willow Creek Academy', 'gen4', 5, ''],
  ['Delta Surveying', 'gen4', 4, ''],
  ['Fulton Printing Co.', 'gen4', 5, ''],
];

const LICENSE_CODES: Record<string, LicenseType> = { e: 'endpoint', b: 'bdr_bundle', s: 'storage' };

function parseAppliances(spec: string): AppliancePlan[] {
  return spec
    .split(' ')
    .filter((s) => s.length > 0)
    .map((s) => ({
      brc: s[0] === 'B',
      online: !s.endsWith('!'),
      licenseType: LICENSE_CODES[s[1] ?? 'e'] ?? 'endpoint',
    }));
}

const ALL: ResellerFlags = {
  canRecover: true,
  canCreateClient: true,
  canDownloadAgent: true,
  canEditPolicy: true,
  azure: true,
  showVo: true,
};

export function planDemo(seed: number, now: number): FleetPlan {
  const rng = new Rng(seed).fork('demo-plan');
  const providerId = 1;
  const distributorId = 2;
  const vaults = cloudVaults(2, 1);
  const resellerDefs: Array<[string, string | null, ResellerFlags, ClientRow[], number | null]> = [
    ['Brightline IT Services', 'reseller', ALL, BRIGHTLINE, 3],
    ['Harbor Managed Solutions', 'reseller2', { ...ALL, azure: false, showVo: false }, HARBOR, 4],
    // The third reseller may not add clients or edit policies: permission checks have a subject.
    [
      'Copperleaf Technology Group',
      null,
      { ...ALL, canCreateClient: false, canEditPolicy: false },
      COPPERLEAF,
      null,
    ],
  ];
  let orgId = 3;
  const resellerIds = resellerDefs.map(() => orgId++);
  const resellers: ResellerPlan[] = resellerDefs.map(([name, demoUser, flags, rows, privateVaultId], k) => {
    const id = resellerIds[k] as number;
    if (privateVaultId !== null) {
      const vaultName = `${name.split(' ')[0]} Private Vault`;
      vaults.push({
        id: privateVaultId,
        resellerId: id,
        name: vaultName,
        type: 'private',
        capacityBytes: 120 * TB,
      });
    }
    const clients = rows.map(([clientName, tools, systems, appl, flavour = 'normal']): ClientPlan => {
      const appliances = parseAppliances(appl);
      return {
        id: 0,
        resellerId: id,
        distributorId,
        name: clientName,
        tools,
        flavour,
        appliances,
        d2cShare: appliances.some((a) => !a.brc) ? 0.3 : 1,
        systems,
        createdAt: flavour === 'noRestorePoints' ? now - 2 * DAY + 5 * HOUR : now - rng.int(120, 800) * DAY,
        extraUsers: rng.int(1, 2),
        demoUser: clientName === 'Acme Dental Group' ? 'client' : null,
      };
    });
    return {
      id,
      distributorId,
      name,
      flags,
      createdAt: now - (700 + k * 150) * DAY,
      extraUsers: 2,
      demoUser,
      cloudVaultId: (vaults[k % 2] as { id: number }).id,
      privateVaultId,
      clients,
    };
  });
  // Clients are numbered after all resellers, parents first.
  for (const r of resellers) for (const c of r.clients) c.id = orgId++;
  const thresholds = drawThresholds(rng, resellers).filter((t) => t.scope === 'reseller');
  const acme = resellers[0]?.clients[0] as ClientPlan;
  const sterling = resellers[0]?.clients.find((c) => c.name.startsWith('Sterling')) as ClientPlan;
  thresholds.push(
    { scope: 'client', scopeId: sterling.id, kind: 'workstation', minutes: 10080 },
    { scope: 'client', scopeId: acme.id, kind: 'local_cache', minutes: 2880 },
  );
  return {
    providerId,
    providerName: 'Lifeboat Cloud',
    distributors: [
      {
        id: distributorId,
        name: 'Summit Channel Partners',
        createdAt: now - 1100 * DAY,
        demoUser: 'distributor',
      },
    ],
    resellers,
    vaults,
    thresholds,
    systemOverrideRate: 0.02,
  };
}
