import { execFileSync } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Repositories for the speed measures of restic sources (bench/README.md), made once and kept
// under bench/.cache/ (gitignored), in a folder named after what they hold: a second run measures
// without making them again.
//
// Many snapshots are written here rather than by `restic backup`: each restic run spends half a
// second deriving the repository's key, so 2,000 backups take a quarter of an hour. restic makes
// one real snapshot; the others are copies of it under other hosts and times, encrypted with the
// repository's master key in restic's own format (doc/design.rst 'Keys, Encryption and MAC':
// IV || AES-256-CTR ciphertext || Poly1305-AES MAC, the file named by the SHA-256 of its bytes).
// restic then lists them as any other (the measures check the count with `restic snapshots`);
// they share the first one's tree, which the sync never reads.

export const BENCH_CACHE = path.resolve(import.meta.dirname, '../../../../../bench/.cache');
export const BENCH_PASSWORD = 'a bench repository password';

/** restic on the repository at `location` with the bench password; answers its stdout. */
export function resticAt(location: string, cacheDir: string) {
  return (args: string[], opts: { cwd?: string; input?: Buffer } = {}) =>
    execFileSync('restic', ['--repo', location, ...args], {
      env: { ...process.env, TZ: 'UTC', RESTIC_PASSWORD: BENCH_PASSWORD, RESTIC_CACHE_DIR: cacheDir },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      ...opts,
    });
}

export type Restic = ReturnType<typeof resticAt>;

/**
 * The folder cached as `name`, made by `make` the first time: in a scratch folder renamed into
 * place once `make` has finished, so a run stopped halfway leaves nothing that looks made.
 * Answers the folder, what `make` answered (kept in meta.json), and the time making took.
 */
export async function cached<M>(
  name: string,
  make: (dir: string) => Promise<M>,
): Promise<{ dir: string; meta: M; madeMs: number | null }> {
  const dir = path.join(BENCH_CACHE, name);
  const metaFile = path.join(dir, 'meta.json');
  if (fs.existsSync(metaFile))
    return { dir, meta: JSON.parse(fs.readFileSync(metaFile, 'utf8')) as M, madeMs: null };
  const scratch = `${dir}.making-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const started = performance.now();
  const meta = await make(scratch);
  fs.writeFileSync(path.join(scratch, 'meta.json'), JSON.stringify(meta));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(scratch, dir);
  return { dir, meta, madeMs: performance.now() - started };
}

export interface MasterKey {
  encrypt: Buffer;
  /** Poly1305-AES: the AES-128 key of the nonce, and r. */
  k: Buffer;
  r: Buffer;
}

/** The repository's master key, as `restic cat masterkey` prints it. */
export function masterKey(restic: Restic): MasterKey {
  const raw = JSON.parse(restic(['cat', 'masterkey'])) as { encrypt: string; mac: { k: string; r: string } };
  return {
    encrypt: Buffer.from(raw.encrypt, 'base64'),
    k: Buffer.from(raw.mac.k, 'base64'),
    r: Buffer.from(raw.mac.r, 'base64'),
  };
}

const le = (b: Uint8Array): bigint => {
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i] as number);
  return n;
};

/** Poly1305 of `msg` under r (clamped as the paper says) and s. */
function poly1305(r: Buffer, s: Buffer, msg: Buffer): Buffer {
  const p = (1n << 130n) - 5n;
  const rr = le(r) & 0x0ffffffc0ffffffc0ffffffc0fffffffn;
  let acc = 0n;
  for (let i = 0; i < msg.length; i += 16) {
    const block = msg.subarray(i, i + 16);
    acc = ((acc + le(block) + (1n << BigInt(8 * block.length))) * rr) % p;
  }
  let tag = (acc + le(s)) & ((1n << 128n) - 1n);
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) {
    out[i] = Number(tag & 0xffn);
    tag >>= 8n;
  }
  return out;
}

/** Poly1305-AES: s is the nonce (the IV) encrypted with AES-128 under k. */
function mac(key: MasterKey, iv: Buffer, ciphertext: Buffer): Buffer {
  const aes = createCipheriv('aes-128-ecb', key.k, null).setAutoPadding(false);
  return poly1305(key.r, Buffer.concat([aes.update(iv), aes.final()]), ciphertext);
}

export function seal(key: MasterKey, plain: Buffer): Buffer {
  const iv = randomBytes(16);
  const c = createCipheriv('aes-256-ctr', key.encrypt, iv);
  const ciphertext = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, ciphertext, mac(key, iv, ciphertext)]);
}

/** The plaintext of a file restic wrote; throws where its MAC does not match (a wrong key or MAC). */
export function open(key: MasterKey, file: Buffer): Buffer {
  const iv = file.subarray(0, 16);
  const ciphertext = file.subarray(16, file.length - 16);
  if (!mac(key, iv, ciphertext).equals(file.subarray(file.length - 16)))
    throw new Error('the MAC of a restic file does not match');
  const d = createDecipheriv('aes-256-ctr', key.encrypt, iv);
  return Buffer.concat([d.update(ciphertext), d.final()]);
}

/**
 * Writes a snapshot for each of `copies` (host and time), copying the snapshot `templateId`
 * restic made. Checks the MAC of restic's own file first, so a mistake here fails loudly instead
 * of writing files restic would refuse.
 */
export function addSnapshots(
  location: string,
  restic: Restic,
  templateId: string,
  copies: ReadonlyArray<{ host: string; at: number }>,
): void {
  const key = masterKey(restic);
  // restic may print a snapshot's short id: its file is the one whose name starts with it.
  const file = fs.readdirSync(path.join(location, 'snapshots')).find((n) => n.startsWith(templateId));
  if (!file) throw new Error(`no snapshot ${templateId} in ${location}`);
  open(key, fs.readFileSync(path.join(location, 'snapshots', file)));
  const template = JSON.parse(restic(['cat', 'snapshot', file])) as Record<string, unknown>;
  for (const c of copies) {
    const sealed = seal(
      key,
      Buffer.from(JSON.stringify({ ...template, hostname: c.host, time: new Date(c.at).toISOString() })),
    );
    const id = createHash('sha256').update(sealed).digest('hex');
    fs.writeFileSync(path.join(location, 'snapshots', id), sealed);
  }
}

/** A new id in the repository's config: a copied repository becomes a repository of its own. */
export function renameRepository(location: string, key: MasterKey): void {
  const file = path.join(location, 'config');
  const config = JSON.parse(open(key, fs.readFileSync(file)).toString('utf8')) as Record<string, unknown>;
  fs.chmodSync(file, 0o600);
  fs.writeFileSync(
    file,
    seal(key, Buffer.from(JSON.stringify({ ...config, id: randomBytes(32).toString('hex') }))),
  );
  fs.chmodSync(file, 0o400);
}

/** One real snapshot of a small tree by `restic backup`; answers its id. */
export function backupOnce(restic: Restic, dir: string, host: string, at: number): string {
  const tree = path.join(dir, 'tree');
  fs.mkdirSync(path.join(tree, 'Documents'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'Documents', 'notes.txt'), `${host}\n`);
  const stamp = new Date(at).toISOString().replace('T', ' ').slice(0, 19);
  const out = restic(['backup', '--json', '--host', host, '--time', stamp, 'Documents'], { cwd: tree });
  const summary = out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { message_type?: string; snapshot_id?: string })
    .find((m) => m.message_type === 'summary');
  fs.rmSync(tree, { recursive: true, force: true });
  if (!summary?.snapshot_id) throw new Error('restic backup gave no snapshot id');
  return summary.snapshot_id;
}

/** How many snapshots restic lists in the repository. */
export const snapshotCount = (restic: Restic) =>
  (JSON.parse(restic(['snapshots', '--json', '--no-lock'])) as unknown[]).length;
