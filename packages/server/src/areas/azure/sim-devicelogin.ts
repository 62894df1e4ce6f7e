import type {
  AzureDeviceLoginLookup,
  AzureDeviceLoginRefusal,
  SimDeviceLoginAnswer,
} from '@lifeboat/contract';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../http/errors';

// The simulator's stand-in for Microsoft's device login page (dashboard-device-azure 4 'Azure
// wizard': two device-code sign-ins). Only the simulated fabric has one; with a real adapter the
// person signs in at https://microsoft.com/devicelogin and these calls are 404.

/** Microsoft's wording for a refused code (RFC 8628 3.3, bad or expired verification code). */
const REFUSED: Record<AzureDeviceLoginRefusal, string> = {
  unknown: "That code didn't work. Check the code and try again.",
  expired: 'That code has expired. Go back to the app and ask for a new code.',
  used: 'That code has already been used. Go back to the app and ask for a new code.',
};

function page(ctx: Pick<AppContext, 'ports'>) {
  const p = ctx.ports.azureDeviceLogin;
  if (!p) throw new NotFoundError('The device login page');
  return p;
}

function answer(r: AzureDeviceLoginLookup): SimDeviceLoginAnswer {
  return r.ok
    ? { ok: true, scope: r.scope, accounts: r.accounts, expires_at: r.expiresAt, message: null }
    : { ok: false, scope: null, accounts: [], expires_at: null, message: REFUSED[r.reason] };
}

export const simDeviceLookup = async (ctx: Pick<AppContext, 'ports'>, userCode: string) =>
  answer(await page(ctx).lookup(userCode));

export const simDeviceConsent = async (ctx: Pick<AppContext, 'ports'>, userCode: string, account: string) =>
  answer(await page(ctx).consent(userCode, account));
