import {
  AZURE_DEVICE_CODE_TTL_MS,
  type AzureDeviceCode,
  type AzureDeviceLogin,
  type AzureDeviceLoginLookup,
  type AzurePort,
  type AzureResourceGroup,
  type AzureScope,
  FabricError,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely } from 'kysely';
import type { SimDeps } from './deps';
import { hash32, intBetween, pick } from './random';

// The simulated Azure (dashboard-device-azure 7 'Azure direct restore'): a tenant per wizard
// session, derived from its key (subscriptions, resource groups and accounts are not stored).
// A device code is signed in only when a person types it on the simulator's device login page
// (AZURE_VERIFICATION_PATH, served by the console) and consents; it expires after 900 s. Which
// codes were handed out and consented is the one thing the simulator keeps, in the database
// (every console instance sees it): it is Microsoft's state, which the console cannot derive
// (docs/decisions.md, issue 14). Fault:
// azure_failed (natural subject the system) makes the restore fail.

/** The simulator's stand-in for https://microsoft.com/devicelogin, a page of the console. */
export const AZURE_VERIFICATION_PATH = '/sim/azure/devicelogin';

/** Nominal times at speed 1. */
export const AZURE_RESTORE_STAGES = [
  { step: 'Preparing the disks', baseMs: 20_000 },
  { step: 'Uploading the disks to Azure', baseMs: 120_000 },
  { step: 'Registering the disks', baseMs: 10_000 },
] as const;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TENANTS = ['contoso', 'fabrikam', 'northwind', 'tailspin', 'woodgrove'];
const REGIONS = ['West Europe', 'North Europe', 'UK South', 'East US', 'Central US'];
/** Two subscriptions; rg-network has no storage account (dashboard-device-azure 3). */
const SUBSCRIPTIONS = [
  { key: 'production', label: 'production', groups: ['rg-recovery', 'rg-production'] },
  { key: 'dr', label: 'disaster recovery', groups: ['rg-dr-test', 'rg-network'] },
] as const;
/** Fixed counts where a person needs to know what to expect: a choice of two, and none. */
const ACCOUNT_COUNTS: Record<string, number> = { 'rg-recovery': 2, 'rg-network': 0 };
const ACCOUNT_NAMES = ['admin', 'it.operations', 'backup.service'];

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

/** The accounts of the session's simulated tenant a person may sign in with. */
export function azureAccounts(sessionKey: string): string[] {
  const tenant = pick(TENANTS, 'azure-tenant', sessionKey);
  return ACCOUNT_NAMES.map((n) => `${n}@${tenant}.onmicrosoft.com`);
}

function resourceGroups(sessionKey: string): AzureResourceGroup[] {
  const tenant = pick(TENANTS, 'azure-tenant', sessionKey);
  const title = `${tenant[0]?.toUpperCase()}${tenant.slice(1)}`;
  return SUBSCRIPTIONS.flatMap((sub) => {
    const subscriptionId = guid('azure-subscription', sessionKey, sub.key);
    return sub.groups.map((name) => ({
      id: `/subscriptions/${subscriptionId}/resourceGroups/${name}`,
      name,
      subscriptionId,
      subscriptionName: `${title} ${sub.label}`,
      location: pick(REGIONS, 'azure-region', sessionKey, name),
    }));
  });
}

/** Microsoft's page accepts the code in any case, with spaces or a dash. */
const normalise = (userCode: string) => userCode.trim().toUpperCase().replace(/[\s-]/g, '');

/**
 * Codes handed out, by user code, in the database: every console instance on it sees a code
 * another handed out and its consent. Expired ones are dropped as new ones are issued.
 */
function createDirectory(deps: SimDeps<'azure'>, db: Kysely<Database>) {
  const codes = () => db.selectFrom('sim_azure_device_codes');
  const get = (userCode: string) => codes().selectAll().where('user_code', '=', userCode).executeTakeFirst();
  const lookup = async (userCode: string): Promise<AzureDeviceLoginLookup> => {
    const c = await get(normalise(userCode));
    if (!c) return { ok: false, reason: 'unknown' };
    if (c.granted_to) return { ok: false, reason: 'used' };
    if (deps.clock.now() > Number(c.expires_at)) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      scope: c.scope,
      accounts: azureAccounts(c.session_key),
      expiresAt: Number(c.expires_at),
    };
  };
  const page: AzureDeviceLogin = {
    lookup,
    async consent(userCode, account) {
      const found = await lookup(userCode);
      if (!found.ok) return found;
      if (!found.accounts.includes(account)) return { ok: false, reason: 'unknown' };
      // Spent once: of two consents at once, the second finds it used.
      const spent = await db
        .updateTable('sim_azure_device_codes')
        .set({ granted_to: account })
        .where('user_code', '=', normalise(userCode))
        .where('granted_to', 'is', null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1 ? found : { ok: false, reason: 'used' };
    },
  };
  return {
    page,
    async issue(code: AzureDeviceCode, sessionKey: string) {
      await db.deleteFrom('sim_azure_device_codes').where('expires_at', '<', deps.clock.now()).execute();
      await db
        .insertInto('sim_azure_device_codes')
        .values({
          user_code: code.deviceCode,
          session_key: sessionKey,
          scope: code.scope,
          expires_at: code.expiresAt,
          granted_to: null,
        })
        .onConflict((oc) => oc.column('user_code').doNothing())
        .execute();
    },
    get,
  };
}

/** The simulator's AzurePort, and its device login page. */
export function createSimulatedAzure(
  deps: SimDeps<'azure'>,
  db: Kysely<Database>,
): AzurePort & { deviceLogin: AzureDeviceLogin } {
  const directory = createDirectory(deps, db);
  return {
    deviceLogin: directory.page,
    async requestDeviceCode(sessionKey, scope): Promise<AzureDeviceCode> {
      const issuedAt = deps.clock.now();
      const code = {
        scope,
        deviceCode: deviceCode(sessionKey, scope, issuedAt),
        verificationUrl: AZURE_VERIFICATION_PATH,
        issuedAt,
        expiresAt: issuedAt + AZURE_DEVICE_CODE_TTL_MS,
      };
      await directory.issue(code, sessionKey);
      return code;
    },
    async checkDeviceCode(sessionKey, code) {
      // A code this session was never given is refused (bad_verification_code) like an expired one.
      const issued = await directory.get(code.deviceCode);
      if (!issued || issued.session_key !== sessionKey || issued.scope !== code.scope)
        return { status: 'expired', user: null };
      if (issued.granted_to) return { status: 'granted', user: issued.granted_to };
      if (deps.clock.now() > Number(issued.expires_at)) return { status: 'expired', user: null };
      return { status: 'pending', user: null };
    },
    listResourceGroups: async (sessionKey) => resourceGroups(sessionKey),
    async listStorageAccounts(sessionKey, subscriptionId, resourceGroupName) {
      const group = resourceGroups(sessionKey).find(
        (g) => g.subscriptionId === subscriptionId && g.name === resourceGroupName,
      );
      if (!group) return [];
      const count =
        ACCOUNT_COUNTS[resourceGroupName] ??
        intBetween(1, 2, 'azure-accounts', sessionKey, resourceGroupName);
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
