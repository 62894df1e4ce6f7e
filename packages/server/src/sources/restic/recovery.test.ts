import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportDir, type RunningFtps, startFtpsServer } from '../../areas/ftps/ftps-server';
import { type FtpsFixture, ftpsFixture } from '../../areas/ftps/test-fixture';
import { pointRef } from '../../areas/recovery/access';
import { zipStream } from '../../areas/recovery/archive';
import { call } from '../../test/harness';
import { syncSource } from '../sync-service';
import { resticRuns } from './children';
import { SNAPSHOT_GONE } from './files';
import { makeTestRepo, type TestRepo } from './test-repo';
import { insertResticSource, pointOfSource } from './test-source';

// Recovery from restic through the wizard's calls (issue 25.5), on real repositories made by the
// restic command: browse, zip and tar downloads read back by python's zipfile and tarfile, an
// FTPS export fetched by python's ftplib, virtual disks checked by qemu-img, bounded memory while
// streaming a large file, and a snapshot forgotten under an open download.

const MB = 1024 * 1024;
const IMAGE_SIZE = 8 * MB;

let repo: TestRepo;
let f: FtpsFixture;
let sourceId: number;
let systemId: number;
let imageSystemId: number;
let jobId: number;
let pointId: number;
let imagePointId: number;
let tree: string;
const docs: Record<string, Buffer> = {
  'Documents/invoice.txt': Buffer.from('Invoice 2026-114, paid.\n'),
  'Documents/scans/x-ray.bin': randomBytes(300_000),
  'Pictures/dog.bin': randomBytes(70_000),
};
const imageBytes = Buffer.alloc(IMAGE_SIZE);
randomBytes(64 * 1024).copy(imageBytes, 0);
randomBytes(64 * 1024).copy(imageBytes, 5 * MB);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const restic = (args: string[], input?: Buffer) =>
  execFileSync('restic', ['--repo', repo.location, ...args], {
    env: { ...process.env, RESTIC_PASSWORD: repo.password, RESTIC_CACHE_DIR: path.join(repo.root, 'cache') },
    input,
    maxBuffer: 64 * MB,
  });

beforeAll(async () => {
  repo = makeTestRepo('lifeboat-recover-');
  tree = path.join(repo.root, 'clinic');
  for (const [rel, bytes] of Object.entries(docs)) {
    fs.mkdirSync(path.dirname(path.join(tree, rel)), { recursive: true });
    fs.writeFileSync(path.join(tree, rel), bytes);
  }
  restic(['backup', '--quiet', '--host', 'RECEPTION-PC', tree]);
  restic(
    ['backup', '--quiet', '--host', 'XRAY-SERVER', '--stdin', '--stdin-filename', 'disk.img'],
    imageBytes,
  );
  f = await ftpsFixture({ resticRoots: [repo.root] });
  sourceId = await insertResticSource(f, {
    name: 'Clinic',
    location: repo.location,
    password: repo.password,
  });
  const outcome = await syncSource(f.t.ctx, sourceId);
  expect(outcome?.ok).toBe(true);
  const reception = await pointOfSource(f, sourceId, 'RECEPTION-PC');
  const xray = await pointOfSource(f, sourceId, 'XRAY-SERVER');
  systemId = reception.system;
  pointId = reception.point;
  jobId = reception.job;
  imageSystemId = xray.system;
  imagePointId = xray.point;
}, 120_000);

afterAll(async () => {
  await f?.t.close();
  repo?.remove();
});

const mountUrl = () => `/api/filebrowsing/mount/0/${systemId}/${jobId}/null`;

async function mount(who: 'resa' | 'resb' = 'resa') {
  return f.post(who, mountUrl(), { recoveryPoint: pointId });
}

/** Runs python3 on a downloaded file: the sha256 of each member, by its name. */
function membersOf(kind: 'zip' | 'tar', bytes: Buffer): Record<string, string> {
  const file = path.join(repo.root, `download.${kind}`);
  fs.writeFileSync(file, bytes);
  const script =
    kind === 'zip'
      ? 'import zipfile,hashlib,json,sys\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({i.filename:hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist() if not i.is_dir()}))'
      : 'import tarfile,hashlib,json,sys\nt=tarfile.open(sys.argv[1])\nprint(json.dumps({m.name:hashlib.sha256(t.extractfile(m).read()).hexdigest() for m in t.getmembers() if m.isfile()}))';
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }));
}

const runOperations = async () => {
  for (let i = 0; i < 6; i++) await f.t.ctx.operations.runOnce();
};

/** Starts an FTPS export as the client's user and runs it: its status. */
async function exportOf(url: string, body: Record<string, unknown>) {
  const r = await f.post('clia1', url, body);
  expect(r.statusCode, r.body).toBe(200);
  await runOperations();
  return (await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)).json();
}

/** The export's FTPS login. */
async function credentialsOf(exportId: number) {
  return (await f.post('clia1', '/ftps_export/ftps_credentials', { export_id: exportId })).json()
    .credentials as { login: string; password: string };
}

/** python's ftplib downloads `files` over FTPS: the sha256 of each, by its path. */
async function ftpFetch(
  port: number,
  cred: { login: string; password: string },
  files: readonly string[],
): Promise<Record<string, string>> {
  const script = [
    'import ftplib,ssl,hashlib,json,sys',
    'c=ftplib.FTP_TLS(context=ssl._create_unverified_context())',
    'c.connect("127.0.0.1",int(sys.argv[1]))',
    'c.login(sys.argv[2],sys.argv[3])',
    'c.prot_p()',
    'out={}',
    'for p in sys.argv[4:]:',
    '  h=hashlib.sha256()',
    '  c.retrbinary("RETR "+p,h.update)',
    '  out[p]=h.hexdigest()',
    'print(json.dumps(out))',
  ].join('\n');
  // Not execFileSync: the FTPS server answering python runs in this process.
  const { stdout } = await promisify(execFile)(
    'python3',
    ['-c', script, String(port), cred.login, cred.password, ...files],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

describe('files and folders of a restic snapshot', () => {
  it('browses the snapshot from the console’s cache after one restic read', async () => {
    const m = await mount();
    expect(m.statusCode).toBe(200);
    const token = m.json().filemountUseId as string;
    const list = (p: string) =>
      f.post('resa', '/api/filebrowsing/files/0', { path: p, recoveryPoint: pointId, filemountUseId: token });
    const root = await list('');
    expect(root.json().files.map((e: { name: string }) => e.name)).toEqual(['/']);
    const docsFolder = await list(`${tree}/Documents`);
    expect(docsFolder.statusCode).toBe(200);
    expect(docsFolder.json().files).toMatchObject([
      { name: 'scans', type: 'folder', path: `${tree}/Documents/scans` },
      { name: 'invoice.txt', type: 'file', size: docs['Documents/invoice.txt']?.length },
    ]);
    const folders = await f.t.dbh.db
      .selectFrom('restic_tree_folders')
      .select('folder')
      .where('restore_point_id', '=', pointId)
      .execute();
    expect(folders.map((r) => r.folder)).toContain(`${tree}/Documents/scans`);
    // The other reseller reaches neither the mount nor the point.
    expect((await mount('resb')).statusCode).toBe(404);
    const other = await f.post('resb', '/api/filebrowsing/files/0', {
      path: tree,
      recoveryPoint: pointId,
      filemountUseId: token,
    });
    expect(other.statusCode).toBe(404);
  });

  it('downloads a zip and a tar whose files are the backed-up bytes, sized before the download', async () => {
    const token = (await mount()).json().filemountUseId as string;
    for (const [type, kind] of [
      [2, 'zip'],
      [4, 'tar'],
    ] as const) {
      const ins = await f.post('resa', '/download/insert_download_session', {
        filemountUseId: token,
        appliance_id: 0,
        device_id: systemId,
        job_id: jobId,
        restore_point: pointId,
        drive: null,
        path: [`${tree}/Documents`, `${tree}/Pictures/dog.bin`],
        download_type: type,
        files_count: 1,
        folders_count: 1,
      });
      expect(ins.statusCode, ins.body).toBe(200);
      const url = ins.json().download_url as string;
      // The cloud share panel says how big the selection is before anyone downloads it.
      const panel = await f.get('resa', `/client/get_client_cloud_shares/${f.w.clientA1}`);
      const total = Object.values(docs).reduce((n, b) => n + b.length, 0);
      expect(panel.json().cloud_shares.map((s: { size: number }) => s.size)).toContain(total);
      const res = await call(f.t.app, f.s.resa, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(membersOf(kind, res.rawPayload)).toEqual({
        'Documents/invoice.txt': sha(docs['Documents/invoice.txt'] as Buffer),
        'Documents/scans/x-ray.bin': sha(docs['Documents/scans/x-ray.bin'] as Buffer),
        'dog.bin': sha(docs['Pictures/dog.bin'] as Buffer),
      });
    }
  });

  it('streams a large file with the server’s memory bounded', async () => {
    const big = path.join(repo.root, 'big');
    fs.mkdirSync(big);
    const size = 256 * MB;
    // Random blocks repeated: restic cannot shrink them to nothing, and the test stays quick.
    const block = randomBytes(MB);
    const fd = fs.openSync(path.join(big, 'scan.bin'), 'w');
    for (let i = 0; i < size / MB; i++) fs.writeSync(fd, block);
    fs.closeSync(fd);
    restic(['backup', '--quiet', '--host', 'RECEPTION-PC', big]);
    await syncSource(f.t.ctx, sourceId);
    const latest = await f.t.dbh.db
      .selectFrom('restore_points')
      .selectAll()
      .where('system_id', '=', systemId)
      .orderBy('taken_at', 'desc')
      .executeTakeFirstOrThrow();
    const system = await f.t.dbh.db
      .selectFrom('protected_systems')
      .selectAll()
      .where('id', '=', systemId)
      .executeTakeFirstOrThrow();
    const ref = pointRef({ system, point: latest, applianceId: null });
    const entry = await f.t.ctx.ports.files.statFile(ref, `${big}/scan.bin`);
    expect(entry?.size).toBe(size);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let bytes = 0;
    const stream = await zipStream(f.t.ctx.ports.files, ref, [
      { path: `${big}/scan.bin`, entry: entry as NonNullable<typeof entry> },
    ]);
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      peak = Math.max(peak, process.memoryUsage().rss);
      // A slow reader, as a download over a network is: restic must wait, not fill memory.
      if (bytes % (32 * MB) < 65_536) await new Promise((r) => setTimeout(r, 5));
    }
    expect(bytes).toBeGreaterThan(size);
    expect(peak - before).toBeLessThan(100 * MB);
  }, 300_000);
});

describe('FTPS export of a restic snapshot', () => {
  let ftps: RunningFtps;
  beforeAll(async () => {
    ftps = await startFtpsServer(f.t.ctx, { port: 0 });
  });
  afterAll(() => ftps?.close());

  it('offers files for every restic system and a virtual disk only where a snapshot holds an image', async () => {
    const opts = (id: number) =>
      f.get('clia1', `/api/recover_flow/get_available_recovery_options/${f.w.clientA1}/0/${id}`);
    const files = await opts(systemId);
    expect(files.statusCode, files.body).toBe(200);
    expect(files.json()).toEqual({
      cloud_vo: false,
      ftps_export_ffr: true,
      ftps_export_virtual_disk: false,
      azure_direct_restore: false,
      virtual_disk_download: false,
    });
    expect((await opts(imageSystemId)).json()).toMatchObject({
      ftps_export_virtual_disk: true,
      cloud_vo: false,
    });
    const refused = await f.post('clia1', `/ftps_export/start/${systemId}/${pointId}/disk/vhdx`, {
      paths: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This restore point holds no disk image: export its files and folders instead.',
    );
  });

  it('exports files that python’s ftplib downloads byte for byte', async () => {
    const status = await exportOf(`/ftps_export/start/${systemId}/${pointId}/ffr/none`, {
      paths: [`${tree}/Documents`],
    });
    expect(status.status).toBe('COMPLETED');
    const cred = await credentialsOf(status.export_id);
    const rel = (p: string) => `${tree.replace(/^\//, '')}/${p}`;
    const got = await ftpFetch(ftps.port, cred, [
      rel('Documents/invoice.txt'),
      rel('Documents/scans/x-ray.bin'),
    ]);
    expect(got).toEqual({
      [rel('Documents/invoice.txt')]: sha(docs['Documents/invoice.txt'] as Buffer),
      [rel('Documents/scans/x-ray.bin')]: sha(docs['Documents/scans/x-ray.bin'] as Buffer),
    });
  });

  it.each(['VHDX', 'VMDK'] as const)(
    'exports the disk image as %s that qemu-img checks with its size',
    async (format) => {
      const status = await exportOf(
        `/ftps_export/start/${imageSystemId}/${imagePointId}/disk/${format.toLowerCase()}/dynamic`,
        { paths: [] },
      );
      expect(status.status, status.error).toBe('COMPLETED');
      const home = exportDir(f.t.ctx, status.export_id);
      const file = path.join(home, `XRAY-SERVER.${format.toLowerCase()}`);
      const info = JSON.parse(
        execFileSync('qemu-img', ['info', '--output=json', file], { encoding: 'utf8' }),
      );
      expect(info.format).toBe(format.toLowerCase());
      expect(info['virtual-size']).toBe(IMAGE_SIZE);
      execFileSync('qemu-img', ['check', file]);
      // The converted disk holds the image's bytes.
      const back = path.join(repo.root, `back-${format}.raw`);
      execFileSync('qemu-img', ['convert', '-O', 'raw', file, back]);
      expect(sha(fs.readFileSync(back))).toBe(sha(imageBytes));
    },
  );
});

describe('an archive of many small files', () => {
  const many: Record<string, Buffer> = {};
  let manyRoot: string;
  let manySystem: number;
  let manyJob: number;
  let manyPoint: number;

  beforeAll(async () => {
    manyRoot = path.join(repo.root, 'many');
    for (let i = 0; i < 2000; i++) {
      const rel = `${i < 1500 ? 'letters' : 'labels'}/note-${String(i).padStart(4, '0')}.txt`;
      many[rel] = randomBytes(20 + (i % 400));
      fs.mkdirSync(path.dirname(path.join(manyRoot, rel)), { recursive: true });
      fs.writeFileSync(path.join(manyRoot, rel), many[rel] as Buffer);
    }
    restic(['backup', '--quiet', '--host', 'ARCHIVE-PC', manyRoot]);
    await syncSource(f.t.ctx, sourceId);
    const archive = await pointOfSource(f, sourceId, 'ARCHIVE-PC');
    manySystem = archive.system;
    manyPoint = archive.point;
    manyJob = archive.job;
  }, 120_000);

  async function zipOf(paths: string[], folders: number) {
    const token = (
      await f.post('resa', `/api/filebrowsing/mount/0/${manySystem}/${manyJob}/null`, {
        recoveryPoint: manyPoint,
      })
    ).json().filemountUseId as string;
    const ins = await f.post('resa', '/download/insert_download_session', {
      filemountUseId: token,
      appliance_id: 0,
      device_id: manySystem,
      job_id: manyJob,
      restore_point: manyPoint,
      drive: null,
      path: paths.length === 1 ? paths[0] : paths,
      download_type: 2,
      files_count: paths.length - folders,
      folders_count: folders,
    });
    expect(ins.statusCode, ins.body).toBe(200);
    const before = resticRuns();
    const res = await call(f.t.app, f.s.resa, { method: 'GET', url: ins.json().download_url });
    expect(res.statusCode).toBe(200);
    return { members: membersOf('zip', res.rawPayload), runs: resticRuns() - before };
  }

  it('zips a folder of 2,000 files with one restic run, byte for byte', async () => {
    const { members, runs } = await zipOf([manyRoot], 1);
    expect(runs).toBe(1);
    expect(Object.keys(members)).toHaveLength(2000);
    expect(members).toEqual(
      Object.fromEntries(Object.entries(many).map(([rel, b]) => [`many/${rel}`, sha(b)])),
    );
  }, 120_000);

  it('zips 460 files chosen one by one in two folders with a run per folder', async () => {
    const chosen = Object.keys(many).filter((_, i) => i % 5 === 0 || i >= 1900);
    const { members, runs } = await zipOf(
      chosen.map((rel) => path.join(manyRoot, rel)),
      0,
    );
    expect(runs).toBe(2);
    expect(members).toEqual(
      Object.fromEntries(chosen.map((rel) => [rel.slice(rel.indexOf('/') + 1), sha(many[rel] as Buffer)])),
    );
  }, 120_000);
  it('exports a folder of 500 files and 10 chosen files by FTPS with a restic run per folder', async () => {
    const ftps = await startFtpsServer(f.t.ctx, { port: 0 });
    try {
      const labels = Object.keys(many).filter((rel) => rel.startsWith('labels/'));
      const letters = Object.keys(many)
        .filter((rel) => rel.startsWith('letters/'))
        .filter((_, i) => i % 150 === 0);
      expect([labels.length, letters.length]).toEqual([500, 10]);
      const r = await f.post('clia1', `/ftps_export/start/${manySystem}/${manyPoint}/ffr/none`, {
        paths: [path.join(manyRoot, 'labels'), ...letters.map((rel) => path.join(manyRoot, rel))],
      });
      expect(r.statusCode, r.body).toBe(200);
      const before = resticRuns();
      const started = performance.now();
      await runOperations();
      const ms = performance.now() - started;
      const status = (await f.get('clia1', `/ftps_export/get_status/${r.json().export_uuid}`)).json();
      expect(status.status, status.error).toBe('COMPLETED');
      // One `restic dump` of each folder, not one per file (0.3 to 0.6 s each: minutes for 510).
      expect(resticRuns() - before).toBe(2);
      expect(ms).toBeLessThan(15_000);
      const home = exportDir(f.t.ctx, status.export_id);
      const inHome = (rel: string) => `${manyRoot.replace(/^\//, '')}/${rel}`;
      for (const rel of [...labels, ...letters])
        expect(sha(fs.readFileSync(path.join(home, inHome(rel)))), rel).toBe(sha(many[rel] as Buffer));
      expect(fs.readdirSync(path.join(home, inHome('letters')))).toHaveLength(10);
      // An independent FTP client reads them back over FTPS.
      const some = [labels[0], labels[499], letters[9]] as string[];
      const got = await ftpFetch(ftps.port, await credentialsOf(status.export_id), some.map(inHome));
      expect(got).toEqual(Object.fromEntries(some.map((rel) => [inHome(rel), sha(many[rel] as Buffer)])));
    } finally {
      await ftps.close();
    }
  }, 120_000);
});

describe('virtual disk as a download', () => {
  const url = (system: number, point: number) => `/ftps_export/disk_download/${system}/${point}`;

  it.each([
    ['VHDX', 'dynamic'],
    ['VMDK', 'dynamic'],
    ['VHDX', 'fixed'],
  ] as const)(
    'downloads the disk image as %s (%s) that qemu-img checks with its size',
    async (format, type) => {
      const made = await f.post('clia1', url(imageSystemId, imagePointId), {
        format: format.toLowerCase(),
        export_type: type,
      });
      expect(made.statusCode, made.body).toBe(200);
      const link = made.json() as { download_url: string; name: string };
      expect(link.name).toMatch(new RegExp(`^XRAY-SERVER-\\d{8}-\\d{4}\\.${format.toLowerCase()}$`));
      const res = await call(f.t.app, f.s.clia1, { method: 'GET', url: link.download_url });
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const file = path.join(repo.root, `download-${format}-${type}.${format.toLowerCase()}`);
      fs.writeFileSync(file, res.rawPayload);
      const info = JSON.parse(
        execFileSync('qemu-img', ['info', '--output=json', file], { encoding: 'utf8' }),
      );
      expect(info.format).toBe(format.toLowerCase());
      expect(info['virtual-size']).toBe(IMAGE_SIZE);
      execFileSync('qemu-img', ['check', file]);
      const back = path.join(repo.root, `back-download-${format}-${type}.raw`);
      execFileSync('qemu-img', ['convert', '-O', 'raw', file, back]);
      expect(sha(fs.readFileSync(back))).toBe(sha(imageBytes));
      // The converted copy left the data folder once read.
      const tmp = path.join(f.t.ctx.config.dataDir, 'disk-downloads');
      await vi.waitFor(() => expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]));
    },
  );

  it('refuses bad input with a sentence, a point without an image, and another reseller’s system', async () => {
    const bad = await f.post('clia1', url(imageSystemId, imagePointId), { format: 'qcow2' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The disk format must be one of VHD, VHDX, VMDK.');
    const badType = await f.post('clia1', url(imageSystemId, imagePointId), {
      format: 'vmdk',
      export_type: 'sparse',
    });
    expect(badType.statusCode).toBe(400);
    const noImage = await f.post('clia1', url(systemId, pointId), { format: 'vhdx' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe(
      'This restore point holds no disk image: download its files and folders instead.',
    );
    // Another system's point, and another reseller: not found.
    expect((await f.post('clia1', url(imageSystemId, pointId), { format: 'vhdx' })).statusCode).toBe(404);
    expect((await f.post('resb', url(imageSystemId, imagePointId), { format: 'vhdx' })).statusCode).toBe(404);
    const link = (await f.post('clia1', url(imageSystemId, imagePointId), { format: 'vhdx' })).json();
    const other = await call(f.t.app, f.s.resb, { method: 'GET', url: link.download_url });
    expect(other.statusCode).toBe(404);
  });

  it('offers the download where a system’s latest point holds a disk image', async () => {
    const opts = (id: number) =>
      f.get('clia1', `/api/recover_flow/get_available_recovery_options/${f.w.clientA1}/0/${id}`);
    expect((await opts(imageSystemId)).json()).toMatchObject({ virtual_disk_download: true });
    expect((await opts(systemId)).json()).toMatchObject({ virtual_disk_download: false });
  });
});

describe('a snapshot forgotten with restic forget --prune', () => {
  it('ends an open download link and browsing with a clear sentence, and leaves at the next sync', async () => {
    const token = (await mount()).json().filemountUseId as string;
    const ins = await f.post('resa', '/download/insert_download_session', {
      filemountUseId: token,
      appliance_id: 0,
      device_id: systemId,
      job_id: jobId,
      restore_point: pointId,
      drive: null,
      path: `${tree}/Documents/invoice.txt`,
      download_type: 1,
      files_count: 1,
      folders_count: 0,
    });
    expect(ins.statusCode, ins.body).toBe(200);
    const snapshot = await f.t.dbh.db
      .selectFrom('restore_points')
      .select('external_id')
      .where('id', '=', pointId)
      .executeTakeFirstOrThrow();
    repo.forget(String(snapshot.external_id));
    // Before the next sync: restic says the snapshot is gone, the console says so in a sentence.
    const res = await call(f.t.app, f.s.resa, { method: 'GET', url: ins.json().download_url });
    expect(res.body).toContain('no longer in the restic repository');
    const outcome = await syncSource(f.t.ctx, sourceId);
    expect(outcome?.pointsRemoved).toBe(1);
    const list = await f.post('resa', '/api/filebrowsing/files/0', {
      path: tree,
      recoveryPoint: pointId,
      filemountUseId: token,
    });
    expect(list.statusCode).toBe(409);
    expect(list.json().message).toBe(SNAPSHOT_GONE);
    // The kept tree went with the point; nothing else of the source was lost.
    const kept = await f.t.dbh.db
      .selectFrom('restic_tree_folders')
      .select('folder')
      .where('restore_point_id', '=', pointId)
      .execute();
    expect(kept).toEqual([]);
    const points = await f.t.dbh.db
      .selectFrom('restore_points')
      .select('id')
      .where('system_id', 'in', [systemId, imageSystemId])
      .execute();
    const ids = points.map((p) => Number(p.id));
    expect(ids).toContain(imagePointId);
    expect(ids).not.toContain(pointId);
  });
});
