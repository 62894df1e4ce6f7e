import type { FabricProgress } from './common';
import type { RestorePointRef } from './files';

// Azure direct restore (dashboard-device-azure 2.5, 4 'Azure wizard', 7 'Azure direct restore';
// recovery-flow 7 'Azure export panels'). Sign-in is Microsoft's device-code flow, twice (resource
// manager, then storage); the console keeps the wizard's selections and the codes it was given,
// so the port needs no memory of a session. The restore itself runs from an operation.

export type AzureScope = 'manager' | 'storage';

/** Device code lifetime (dashboard-device-azure 9). */
export const AZURE_DEVICE_CODE_TTL_MS = 900_000;

export interface AzureDeviceCode {
  scope: AzureScope;
  /** The code the user types at the verification address. */
  deviceCode: string;
  verificationUrl: string;
  issuedAt: number;
  expiresAt: number;
}

export interface AzureSignIn {
  status: 'pending' | 'granted' | 'expired';
  /** The signed-in account once granted. */
  user: string | null;
}

export interface AzureResourceGroup {
  id: string;
  name: string;
  subscriptionId: string;
  subscriptionName: string;
  location: string;
}

export interface AzureStorageAccount {
  /** An Azure resource path whose last segment is the account name. */
  id: string;
  name: string;
  location: string;
}

export interface AzureRestoreRequest {
  /** The console's Azure job row. */
  jobId: number;
  systemName: string;
  point: RestorePointRef;
  subscriptionId: string;
  resourceGroupName: string;
  storageAccountName: string;
  storageAccountRegion: string;
}

export interface AzureRestoreOutcome {
  /** The restored disks as blobs of the storage account. */
  diskUrls: string[];
}

export interface AzurePort {
  /** A new device code for one scope; `sessionKey` names the console's wizard session. */
  requestDeviceCode(sessionKey: string, scope: AzureScope): Promise<AzureDeviceCode>;
  /** Has the user signed in with this code yet (check_refresh_token)? */
  checkDeviceCode(sessionKey: string, code: AzureDeviceCode): Promise<AzureSignIn>;
  /** The resource groups the signed-in account may use. */
  listResourceGroups(sessionKey: string): Promise<AzureResourceGroup[]>;
  listStorageAccounts(
    sessionKey: string,
    subscriptionId: string,
    resourceGroupName: string,
  ): Promise<AzureStorageAccount[]>;
  /** Upload the point's disks to the storage account; FabricError FAILED when Azure refuses. */
  runRestore(req: AzureRestoreRequest, progress: FabricProgress): Promise<AzureRestoreOutcome>;
}

// --- The simulator's stand-in for Microsoft's device login page -------------------------------
// Only the simulator has one (a real adapter sends the user to https://microsoft.com/devicelogin):
// a person types the user code shown in the wizard, picks an account of the tenant and consents,
// and the console sees the grant on its next check (dashboard-device-azure 4 'Azure wizard').

/** Why the page refuses a code, as Microsoft's page does (RFC 8628 3.3). */
export type AzureDeviceLoginRefusal = 'unknown' | 'expired' | 'used';

export type AzureDeviceLoginLookup =
  | { ok: true; scope: AzureScope; accounts: string[]; expiresAt: number }
  | { ok: false; reason: AzureDeviceLoginRefusal };

export interface AzureDeviceLogin {
  /** What the page shows for a typed code: the accounts to pick from, or why it is refused. */
  lookup(userCode: string): Promise<AzureDeviceLoginLookup>;
  /** The person consents as `account`; the code is spent. */
  consent(userCode: string, account: string): Promise<AzureDeviceLoginLookup>;
}
