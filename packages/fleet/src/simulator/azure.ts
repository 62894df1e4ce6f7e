import {
  AZURE_DEVICE_CODE_TTL_MS,
  type AzureDeviceCode,
  type AzurePort,
  type AzureResourceGroup,
  type AzureScope,
  FabricError,
} from '@lifeboat/contract';
import type { SimDeps } from './deps';
import { hash32, intBetween, pick } from './random';

// The simulated Azure (dashboard-device-azure 7 'Azure direct restore'): a tenant per wizard
// session, derived from its key, so nothing is stored. A device code is "signed in" once
// AZURE_SIGN_IN_MS of nominal time has passed since it was issued (at once at speed 0) and
// expires after 900 s of real time. Fault: azure_failed (natural subject the system) makes the
// restore fail.

/** Nominal time the pretend user takes to type the code and sign in. */
export const AZURE_SIGN_IN_MS = 20_000;
export const AZURE_VERIFICATION_URL = 'https://microsoft.com/devicelogin';

/** Nominal times at speed 1. */
export const AZURE_RESTORE_STAGES = [
  { step: 'Preparing the disks', baseMs: 20_000 },
  { step: 'Uploading the disks to Azure', baseMs: 120_000 },
  { step: 'Registering the disks', baseMs: 10_000 },
] as const;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TENANTS = ['contoso', 'fabrikam', 'northwind', 'tailspin', 'woodgrove'];
const REGIONS = ['West Europe', 'North Europe', 'UK South', 'East US', 'Central US'];
const GROUPS = ['rg-recovery', 'rg-production', 'rg-dr-test'];

function deviceCode(sessionKey: string, scope: AzureScope, issuedAt: number): string {
  let code = '';
  for (let i = 0; i < 9; i++)
    code += pick(CODE_ALPHABET.split(''), 'azure-code', sessionKey, scope, issuedAt, i);
  return code;
}

function guid(...parts: (string | number)[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) =>
      hash32(...parts, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function azureUser(sessionKey: string): string {
  return `admin@${pick(TENANTS, 'azure-tenant', sessionKey)}.onmicrosoft.com`;
}

function resourceGroups(sessionKey: string): AzureResourceGroup[] {
  const subscriptionId = guid('azure-subscription', sessionKey);
  const tenant = pick(TENANTS, 'azure-tenant', sessionKey);
  return GROUPS.map((name) => ({
    id: `/subscriptions/${subscriptionId}/resourceGroups/${name}`,
    name,
    subscriptionId,
    subscriptionName: `${tenant[0]?.toUpperCase()}${tenant.slice(1)} production`,
    location: pick(REGIONS, 'azure-region', sessionKey, name),
  }));
}

/** The simulator's AzurePort. */
export function createSimulatedAzure(deps: SimDeps<'azure'>): AzurePort {
  return {
    async requestDeviceCode(sessionKey, scope): Promise<AzureDeviceCode> {
      const issuedAt = deps.clock.now();
      return {
        scope,
        deviceCode: deviceCode(sessionKey, scope, issuedAt),
        verificationUrl: AZURE_VERIFICATION_URL,
        issuedAt,
        expiresAt: issuedAt + AZURE_DEVICE_CODE_TTL_MS,
      };
    },
    async checkDeviceCode(sessionKey, code) {
      const now = deps.clock.now();
      // A code this session was never given, or one past its lifetime, is expired.
      if (code.deviceCode !== deviceCode(sessionKey, code.scope, code.issuedAt) || now > code.expiresAt)
        return { status: 'expired', user: null };
      const signInMs = deps.speed > 0 ? AZURE_SIGN_IN_MS / deps.speed : 0;
      if (now - code.issuedAt < signInMs) return { status: 'pending', user: null };
      return { status: 'granted', user: azureUser(sessionKey) };
    },
    listResourceGroups: async (sessionKey) => resourceGroups(sessionKey),
    async listStorageAccounts(sessionKey, subscriptionId, resourceGroupName) {
      const group = resourceGroups(sessionKey).find(
        (g) => g.subscriptionId === subscriptionId && g.name === resourceGroupName,
      );
      if (!group) return [];
      const count = intBetween(1, 2, 'azure-accounts', sessionKey, resourceGroupName);
      return Array.from({ length: count }, (_, i) => {
        const name = `${resourceGroupName.replace(/[^a-z0-9]/g, '')}${hash32('azure-account', sessionKey, resourceGroupName, i) % 100_000}`;
        return {
          id: `${group.id}/providers/Microsoft.Storage/storageAccounts/${name}`,
          name,
          location: group.location,
        };
      });
    },
    async runRestore(req, progress) {
      const p = req.point;
      const subject = { systemId: p.systemId, applianceId: p.applianceId, restorePointId: p.restorePointId };
      const total = AZURE_RESTORE_STAGES.reduce((n, s) => n + s.baseMs, 0);
      let elapsed = 0;
      for (const stage of AZURE_RESTORE_STAGES) {
        await progress.report((elapsed / total) * 100, stage.step);
        await deps.wait(stage.baseMs);
        elapsed += stage.baseMs;
        if (stage === AZURE_RESTORE_STAGES[0] && deps.faults.strikes('azure_failed', subject)) {
          throw new FabricError(
            'FAILED',
            `Azure refused the restore of ${req.systemName}: the storage account ${req.storageAccountName} is not accepting uploads.`,
          );
        }
      }
      await progress.report(100, 'Restored to Azure');
      const disks = intBetween(1, 2, 'azure-disks', p.seed, p.restorePointId);
      const system = req.systemName.toLowerCase().replace(/[^a-z0-9-]/g, '');
      return {
        diskUrls: Array.from(
          { length: disks },
          (_, i) =>
            `https://${req.storageAccountName}.blob.core.windows.net/lifeboat-restore/${system}-${p.restorePointId}-disk${i}.vhd`,
        ),
      };
    },
  };
}
