// The shape of a fleet before any row is written: who owns what and how many. Ids are fixed here
// (sequential, parents first) so every later phase can reference them without a round trip.

export type ToolMix = 'both' | 'gen2' | 'gen4';
/** Special clients the demo needs: exactly one macOS-only, exactly one without restore points. */
export type ClientFlavour = 'normal' | 'macOnly' | 'noRestorePoints';
export type LicenseType = 'storage' | 'endpoint' | 'bdr_bundle';

export interface AppliancePlan {
  /** First-generation (BRC) appliance; otherwise a second-generation one. */
  brc: boolean;
  online: boolean;
  licenseType: LicenseType;
}

export interface ClientPlan {
  id: number;
  resellerId: number;
  distributorId: number;
  name: string;
  tools: ToolMix;
  flavour: ClientFlavour;
  appliances: AppliancePlan[];
  /** Share of second-generation systems that back up direct to cloud when an appliance exists. */
  d2cShare: number;
  systems: number;
  createdAt: number;
  extraUsers: number;
  /** The demo `client` account lives here. */
  demoUser: string | null;
}

export interface ResellerFlags {
  canRecover: boolean;
  canCreateClient: boolean;
  canDownloadAgent: boolean;
  canEditPolicy: boolean;
  azure: boolean;
  showVo: boolean;
}

export interface ResellerPlan {
  id: number;
  distributorId: number;
  name: string;
  flags: ResellerFlags;
  createdAt: number;
  extraUsers: number;
  demoUser: string | null;
  /** The provider-run cloud vault this reseller replicates to. */
  cloudVaultId: number;
  privateVaultId: number | null;
  clients: ClientPlan[];
}

export interface DistributorPlan {
  id: number;
  name: string;
  createdAt: number;
  demoUser: string | null;
}

export interface VaultPlan {
  id: number;
  resellerId: number | null;
  name: string;
  type: 'cloud' | 'private';
  capacityBytes: number;
}

export interface ThresholdPlan {
  scope: 'reseller' | 'client' | 'system';
  /** For 'system', an index into the client's systems (resolved when systems get ids). */
  scopeId: number;
  kind: 'server' | 'workstation' | 'local_cache';
  minutes: number;
}

export interface FleetPlan {
  providerId: number;
  providerName: string;
  distributors: DistributorPlan[];
  resellers: ResellerPlan[];
  vaults: VaultPlan[];
  /** Reseller and client overrides; system overrides are drawn while systems are generated. */
  thresholds: ThresholdPlan[];
  /** Probability that a system gets its own threshold override. */
  systemOverrideRate: number;
}

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const GB = 1024 ** 3;
export const TB = 1024 ** 4;
