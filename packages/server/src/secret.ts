import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * The key that encrypts secrets at rest (MFA keys). Taken from LIFEBOAT_SECRET_KEY, else read
 * from (or created in) the data folder, readable by the owner only. Instances that share a
 * PostgreSQL database must share the key, so they set the variable.
 */
export function resolveSecretKey(config: Config): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
