import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { trackRestic } from './children';

// The demo's real restic repository (`npm start` on a fresh machine): a small veterinary
// clinic's three computers, each backed up on past days (restic's --time), and the server's
// disk image backed up from stdin, as its agent would. Every file is derived from a seed, so two
// first starts back up the same bytes. Built with the `restic` command in the background after
// the console answers: nothing here blocks the event loop.

/** The demo repository's folder in the data folder: always an allowed restic root (docs/decisions.md). */
export const demoFolder = (dataDir: string) => path.join(dataDir, 'restic-demo');

export const DEMO_HOSTS = ['RECEPTION-PC', 'VET-SERVER', 'XRAY-WS'] as const;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The raw disk image's size: sparse on disk, 16 MiB of it in one partition. */
export const DEMO_IMAGE_BYTES = 32 * 1024 * 1024;

export interface DemoRepoSpec {
  /** The repository folder (created). */
  location: string;
  password: string;
  /** Where the file trees are written before they are backed up (removed afterwards). */
  workDir: string;
  cacheDir?: string;
  now: number;
}

const PETS = [
  'Bella',
  'Max',
  'Luna',
  'Charlie',
  'Milo',
  'Daisy',
  'Rocky',
  'Coco',
  'Oscar',
  'Ruby',
  'Toby',
  'Nala',
];
const KINDS = ['Labrador', 'Tabby cat', 'Beagle', 'Rabbit', 'Border collie', 'Siamese cat', 'Cockatiel'];
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** `n` bytes that look random and are the same for the same seed: SHA-256 blocks of a counter. */
function bytes(seed: string, n: number): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; i * 32 < n; i++) blocks.push(crypto.createHash('sha256').update(`${seed}:${i}`).digest());
  return Buffer.concat(blocks).subarray(0, n);
}

/** The files of one host as of its `version`-th backup (each backup changes a few). */
export function demoFiles(
  host: (typeof DEMO_HOSTS)[number],
  version: number,
  at: number,
): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  const text = (s: string) => Buffer.from(s.endsWith('\n') ? s : `${s}\n`);
  if (host === 'RECEPTION-PC') {
    files['Desktop/phone-list.txt'] = text(
      'Harbor Veterinary Clinic\nReception 555-0100\nDr. Okafor 555-0114\n',
    );
    for (let v = 0; v <= version; v++) {
      const d = day(at - (version - v) * DAY);
      const rows = PETS.slice(0, 4 + v).map(
        (p, i) => `${d} ${9 + i}:00,${p},${KINDS[i % KINDS.length]},check-up`,
      );
      files[`Documents/Appointments/${d}.csv`] = text(`date time,patient,species,reason\n${rows.join('\n')}`);
    }
    for (let i = 0; i < 6 + version * 2; i++) {
      const pet = PETS[i % PETS.length];
      files[`Documents/Invoices/INV-${1040 + i}.txt`] = text(
        `Invoice INV-${1040 + i}\nPatient: ${pet}\nConsultation: ${45 + i} EUR\nVaccination: ${20 + (i % 3) * 5} EUR\n`,
      );
    }
  } else if (host === 'VET-SERVER') {
    for (let i = 0; i < PETS.length; i++) {
      const pet = PETS[i] as string;
      const visits = Array.from(
        { length: 1 + ((i + version) % 4) },
        (_, k) => `- ${day(at - k * 30 * DAY)}: examined, healthy`,
      );
      files[`records/patients/${pet.toLowerCase()}-${100 + i}.txt`] = text(
        `Patient ${pet} (${KINDS[i % KINDS.length]}), file ${100 + i}\n${visits.join('\n')}`,
      );
    }
    files['records/practice.db'] = bytes(`${host}:db:${version}`, 256 * 1024 + version * 4096);
    files['config/backup-policy.txt'] = text('Nightly restic backup at 22:00; disk image weekly.');
  } else {
    for (let i = 0; i < 3 + version; i++)
      files[`Images/XR-${2200 + i}.dcm`] = bytes(`${host}:XR-${2200 + i}`, 120 * 1024);
    files['Images/index.txt'] = text(
      Array.from(
        { length: 3 + version },
        (_, i) => `XR-${2200 + i}.dcm ${PETS[i % PETS.length]} thorax`,
      ).join('\n'),
    );
  }
  return files;
}

/**
 * A raw disk image with an MBR partition table: one Linux partition from sector 2048 holding a
 * recognisable first sector. Mostly zeros, so restic stores little of it.
 */
export function demoDiskImage(): Buffer {
  const img = Buffer.alloc(DEMO_IMAGE_BYTES);
  const start = 2048;
  const sectors = DEMO_IMAGE_BYTES / 512 - start;
  img.writeUInt32LE(0x1ea5_b0a7, 440); // disk signature
  const e = 446; // first partition entry
  img[e] = 0x00;
  img[e + 4] = 0x83; // Linux
  img.writeUInt32LE(start, e + 8);
  img.writeUInt32LE(sectors, e + 12);
  img[510] = 0x55;
  img[511] = 0xaa;
  img.write('LIFEBOAT DEMO DISK: VET-SERVER system volume\n', start * 512, 'ascii');
  return img;
}

/** restic's --time: "2006-01-02 15:04:05", read in the time zone of its environment (UTC here). */
const stamp = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 19);

function run(spec: DemoRepoSpec, args: string[], input?: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = trackRestic(
      spawn('restic', [`--repo=${spec.location}`, ...args], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TZ: 'UTC',
          RESTIC_PASSWORD: spec.password,
          ...(spec.cacheDir ? { RESTIC_CACHE_DIR: spec.cacheDir } : {}),
        },
        stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'],
      }),
    );
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`restic ${args[0]} failed: ${err.trim().split('\n').at(-1)}`)),
    );
    if (input) child.stdin?.end(input);
  });
}

async function writeTree(dir: string, files: Record<string, Buffer>, at: number): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    await fs.utimes(file, new Date(at), new Date(at));
  }
}

/** The backup times of the demo: three past nights at 22:00 UTC and one an hour ago. */
export function demoBackupTimes(now: number): number[] {
  const midnight = Math.floor(now / DAY) * DAY;
  return [3, 2, 1].map((d) => midnight - d * DAY + 22 * HOUR).concat(now - HOUR);
}

/**
 * Creates the repository and backs up the demo's hosts and disk image into it: the hosts side by
 * side (restic lets backups share a repository), each host's nights in order.
 */
export async function buildDemoRepository(spec: DemoRepoSpec): Promise<void> {
  await fs.mkdir(path.dirname(spec.location), { recursive: true });
  await run(spec, ['init', '--quiet']);
  const times = demoBackupTimes(spec.now);
  const host = async (name: (typeof DEMO_HOSTS)[number]) => {
    const dir = path.join(spec.workDir, name);
    for (const [version, at] of times.entries()) {
      await writeTree(dir, demoFiles(name, version, at), at);
      await run(spec, ['backup', '--quiet', '--host', name, '--time', stamp(at), dir]);
    }
  };
  // The server's disk image, as an imaging agent sends it: from stdin, the night before last.
  const image = () =>
    run(
      spec,
      [
        'backup',
        '--quiet',
        '--host',
        'VET-SERVER',
        '--time',
        stamp((times[1] ?? spec.now) + HOUR),
        '--stdin',
        '--stdin-filename',
        'disk.img',
      ],
      demoDiskImage(),
    );
  try {
    await Promise.all([...DEMO_HOSTS.map(host), image()]);
  } finally {
    await fs.rm(spec.workDir, { recursive: true, force: true });
  }
}
