import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP as RULES } from '@lifeboat/contract';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

// TOTP (RFC 6238) for MFA (issue 17.1): SHA-1, six digits, 30-second steps; a code of the
// current step or the previous one (typed as it changed; RFC 6238 5.2 allows a step of delay,
// never a code from the future) is accepted, and only for a step later than the last one
// accepted (a code is never accepted twice). Secrets are encrypted at rest with the console's
// secret key (secret.ts), bound to the user they belong to.

export const ISSUER = 'Lifeboat';

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, username: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: RULES.algorithm,
    digits: RULES.digits,
    period: RULES.periodSeconds,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

export const stepAt = (now: number) => Math.floor(now / 1000 / RULES.periodSeconds);

/**
 * The time step a code belongs to (now or the step before), or null when it matches none.
 * The replay rule is the caller's: accept only a step later than the last accepted one.
 */
export function matchStep(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32, 'x').validate({ token: code, timestamp: now, window: RULES.driftSteps });
  return delta === null || delta > 0 ? null : stepAt(now) + delta;
}

/** The QR code of `text` as one SVG path over a size x size grid (rendered by the web app). */
export function qrPath(text: string): { size: number; path: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) parts.push(`M${x} ${y}h1v1h-1z`);
  }
  return { size, path: parts.join('') };
}

// --- encryption at rest ---

function keyOf(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'lifeboat', 'mfa secret v1', 32));
}

/** AES-256-GCM, bound to the user id (a secret copied to another user's row does not open). */
export function sealSecret(secretKey: string, userId: number, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  c.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv, c.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(secretKey: string, userId: number, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('Unknown MFA secret format.');
  const d = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  d.setAAD(Buffer.from(`user:${userId}`));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
}

// --- recovery codes ---

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7q2m-xp4tz`; only their hashes are stored. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('base64url');

/** The stored hashes without the one `code` names, or null when it names none. */
export function spendRecoveryCode(storedJson: string | null, code: string): string[] | null {
  const hashes: string[] = storedJson ? JSON.parse(storedJson) : [];
  const h = Buffer.from(hashRecoveryCode(code));
  const i = hashes.findIndex((x) => x.length === h.length && timingSafeEqual(Buffer.from(x), h));
  return i < 0 ? null : hashes.filter((_, j) => j !== i);
}
