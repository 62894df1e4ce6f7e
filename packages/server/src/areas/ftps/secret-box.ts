import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// The FTPS passwords are shown again by ftps_credentials, so they are kept encrypted (AES-256-GCM
// with a key derived from the console's secret key), never in clear text.

// Tests build apps without a secret key: a key for this process only.
const processKey = randomBytes(32);

function keyOf(secret: string | null): Buffer {
  return secret ? createHash('sha256').update(`ftps:${secret}`).digest() : processKey;
}

export function seal(secret: string | null, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function open(secret: string | null, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((s) => Buffer.from(s, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed value');
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(body), d.final()]).toString('utf8');
}
