import { Readable } from 'node:stream';
import tarStream from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { call } from '../../test/harness';
import { countRows, DAY, type RecoveryFixture, recoveryFixture } from './test-fixture';

// spec: recovery-flow 7 'Browsing and download', 4 'File download type': mount, list, choose,
// a download session whose link gives the real files for 7 days and then answers 'expired'.

let f: RecoveryFixture;
let mount: string;
let pointId: number;
beforeAll(async () => {
  f = await recoveryFixture();
  pointId = f.pointsA2[0]?.id ?? 0;
  const res = await f.post('resa', `/api/filebrowsing/mount/0/${f.w.systemA2}/${f.jobA2}/C%3A`, {
    recoveryPoint: pointId,
  });
  mount = res.json().filemountUseId;
});
afterAll(() => f.t.close());

const files = (who: 'resa' | 'resb', path: string, id = mount) =>
  f.post(who, '/api/filebrowsing/files/0', { path, recoveryPoint: pointId, filemountUseId: id });

interface Entry {
  name: string;
  path: string;
  type: 'file' | 'folder';
  size: number;
}

/** Two small files of one folder, found by walking the tree. */
async function twoFiles(): Promise<Entry[]> {
  const queue = ['C:'];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const list: Entry[] = (await files('resa', path)).json().files;
    const small = list.filter((e) => e.type === 'file' && e.size > 0 && e.size < 200_000);
    if (small.length >= 2) return small.slice(0, 2);
    queue.push(...list.filter((e) => e.type === 'folder').map((e) => e.path));
  }
  throw new Error('no folder with two small files');
}

const insert = (who: 'resa' | 'resb', body: Record<string, unknown>) =>
  f.post(who, '/download/insert_download_session', {
    filemountUseId: mount,
    appliance_id: 0,
    device_id: f.w.systemA2,
    job_id: f.jobA2,
    restore_point: pointId,
    drive: 'C:',
    ...body,
  });

const fetchLink = (url: string) =>
  call(f.t.app, f.s.resa, { method: 'GET', url, headers: { 'x-requested-with': '', 'x-csrf-token': '' } });

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          const parts: Buffer[] = [];
          s.on('data', (c: Buffer) => parts.push(c));
          s.on('end', () => {
            out.set(e.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

function untar(buf: Buffer): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, number>();
    const ex = tarStream.extract();
    ex.on('entry', (h, s, next) => {
      let n = 0;
      s.on('data', (c: Buffer) => {
        n += c.length;
      });
      s.on('end', () => {
        if (h.type === 'file') out.set(h.name, n);
        next();
      });
    });
    ex.on('finish', () => resolve(out));
    ex.on('error', reject);
    Readable.from(buf).pipe(ex);
  });
}

describe('mount and browse', () => {
  it('lists the mount’s root (its drive), then a folder with full paths', async () => {
    const root = (await files('resa', '')).json();
    expect(root.files).toEqual([expect.objectContaining({ name: 'C:', path: 'C:', type: 'folder' })]);
    const c = (await files('resa', 'C:')).json();
    expect(c.files.find((e: Entry) => e.name === 'Users')).toMatchObject({
      path: 'C:/Users',
      type: 'folder',
    });
  });

  it('refuses paths outside the mount (400) and another tenant’s mount (404)', async () => {
    expect((await files('resa', 'D:/')).statusCode).toBe(400);
    expect((await files('resa', 'C:/Users/../..')).statusCode).toBe(400);
    expect((await files('resb', 'C:')).statusCode).toBe(404);
    expect((await files('resa', 'C:', 'nope')).statusCode).toBe(404);
  });

  it('answers 404 when the appliance or the point named beside the mount is not the mount’s', async () => {
    const list = (applianceId: number, recoveryPoint: number | undefined) =>
      f.post('resa', `/api/filebrowsing/files/${applianceId}`, {
        path: 'C:',
        recoveryPoint,
        filemountUseId: mount,
      });
    expect((await list(0, undefined)).statusCode).toBe(200);
    expect((await list(f.w.applianceB1, pointId)).statusCode).toBe(404);
    expect((await list(0, f.pointsB1[0]?.id)).statusCode).toBe(404);
    const stat = await f.post('resa', `/api/filebrowsing/file/${f.w.applianceB1}`, {
      path: Buffer.from('C:').toString('base64url'),
      filemountUseId: mount,
    });
    expect(stat.statusCode).toBe(404);
  });

  it('answers 404 when mounting another tenant’s point or a point of another job', async () => {
    const before = await countRows(f.t, 'file_mounts');
    expect(
      (
        await f.post('resb', `/api/filebrowsing/mount/0/${f.w.systemA2}/${f.jobA2}/C%3A`, {
          recoveryPoint: pointId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await f.post('resa', `/api/filebrowsing/mount/0/${f.w.systemA2}/${f.jobA2}/C%3A`, {
          recoveryPoint: f.pointsB1[0]?.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(await countRows(f.t, 'file_mounts')).toBe(before);
  });

  it('takes the spec’s shape: a mount without a body, the point named on each files call', async () => {
    const mountUrl = `/api/filebrowsing/mount/0/${f.w.systemA2}/${f.jobA2}/C%3A`;
    const bare = await call(f.t.app, f.s.resa, { method: 'POST', url: mountUrl });
    expect(bare.statusCode, bare.body).toBe(200);
    const id = bare.json().filemountUseId as string;
    const row = () =>
      f.t.dbh.db.selectFrom('file_mounts').selectAll().where('token', '=', id).executeTakeFirstOrThrow();
    // Without a point, the job's newest point there.
    expect(Number((await row()).restore_point_id)).toBe(f.pointsA2[0]?.id);
    // A files call naming an older point of the job moves the session to it.
    const older = f.pointsA2[3]?.id as number;
    const listed = await f.post('resa', '/api/filebrowsing/files/0', {
      path: 'C:',
      recoveryPoint: older,
      filemountUseId: id,
    });
    expect(listed.statusCode).toBe(200);
    expect(Number((await row()).restore_point_id)).toBe(older);
    // Another job's point, or a wrong appliance, is not found and moves nothing.
    for (const [applianceId, recoveryPoint] of [
      [0, f.pointsA1[0]?.id],
      [f.w.applianceA1, f.pointsA2[1]?.id],
    ])
      expect(
        (
          await f.post('resa', `/api/filebrowsing/files/${applianceId}`, {
            path: 'C:',
            recoveryPoint,
            filemountUseId: id,
          })
        ).statusCode,
      ).toBe(404);
    expect(Number((await row()).restore_point_id)).toBe(older);
  });

  it('POST /api/filebrowsing/file stats one entry by its base64url path', async () => {
    const [a] = await twoFiles();
    const res = await f.post('resa', '/api/filebrowsing/file/0', {
      path: Buffer.from(a?.path ?? '').toString('base64url'),
      filemountUseId: mount,
    });
    expect(res.json().file).toMatchObject({ name: a?.name, size: a?.size, type: 'file' });
  });
});

describe('POST /download/insert_download_session and the link', () => {
  it('packs two files into a zip (type 2) that holds both, with their content, and audits it', async () => {
    const [a, b] = await twoFiles();
    const res = await insert('resa', {
      path: [a?.path, b?.path],
      download_type: 2,
      files_count: 2,
      folders_count: 0,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      insert_result: true,
      download_type: 2,
      name: expect.stringMatching(/\.zip$/),
    });
    expect(body.expired - body.created).toBe(7 * DAY);
    const dl = await fetchLink(body.download_url);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/zip');
    const zip = await unzip(dl.rawPayload);
    expect([...zip.keys()].sort()).toEqual([a?.name, b?.name].sort());
    expect(zip.get(a?.name ?? '')?.length).toBe(a?.size);
    const audits = await f.t.dbh.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'recovery.download_session')
      .execute();
    expect(audits).toEqual([
      expect.objectContaining({
        user_id: f.w.users.resA,
        target_type: 'download_session',
        at: f.t.clock.now(),
      }),
    ]);
  });

  it('takes the spec’s body too: the point named by its ids, without a browsing session', async () => {
    const [a] = await twoFiles();
    const spec = {
      filemountUseId: undefined,
      path: a?.path,
      download_type: 1,
      files_count: 1,
      folders_count: 0,
    };
    const res = await insert('resa', spec);
    expect(res.statusCode, res.body).toBe(200);
    const dl = await fetchLink(res.json().download_url);
    expect(dl.rawPayload.length).toBe(a?.size);
    const before = await countRows(f.t, 'download_sessions');
    expect((await insert('resb', spec)).statusCode).toBe(404);
    expect((await insert('resa', { ...spec, restore_point: f.pointsB1[0]?.id })).statusCode).toBe(404);
    expect((await insert('resa', { ...spec, job_id: f.jobA1 })).statusCode).toBe(404);
    expect((await insert('resa', { ...spec, drive: 'Z:' })).statusCode).toBe(400);
    expect(await countRows(f.t, 'download_sessions')).toBe(before);
  });

  it('gives one file as itself (type 1) and several items as a tar (type 4)', async () => {
    const [a, b] = await twoFiles();
    const one = (
      await insert('resa', { path: a?.path, download_type: 1, files_count: 1, folders_count: 0 })
    ).json();
    expect(one.name).toBe(a?.name);
    const dl = await fetchLink(one.download_url);
    expect(dl.rawPayload.length).toBe(a?.size);
    const tar = (
      await insert('resa', { path: [a?.path, b?.path], download_type: 4, files_count: 2, folders_count: 0 })
    ).json();
    expect(tar.name).toMatch(/\.tar$/);
    const entries = await untar((await fetchLink(tar.download_url)).rawPayload);
    expect(entries.get(a?.name ?? '')).toBe(a?.size);
    expect(entries.get(b?.name ?? '')).toBe(b?.size);
  });

  it('refuses a wrong download type, wrong counts, a path outside the mount; nothing stored', async () => {
    const [a, b] = await twoFiles();
    const before = [await countRows(f.t, 'download_sessions'), await countRows(f.t, 'audit_log')];
    for (const body of [
      { path: [a?.path, b?.path], download_type: 1, files_count: 2, folders_count: 0 },
      { path: a?.path, download_type: 2, files_count: 1, folders_count: 0 },
      { path: [a?.path, b?.path], download_type: 3, files_count: 2, folders_count: 0 },
      { path: [a?.path, b?.path], download_type: 2, files_count: 1, folders_count: 1 },
      { path: 'D:/x', download_type: 1, files_count: 1, folders_count: 0 },
      { path: a?.path, download_type: 9, files_count: 1, folders_count: 0 },
    ]) {
      const res = await insert('resa', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(
      (await insert('resb', { path: a?.path, download_type: 1, files_count: 1, folders_count: 0 }))
        .statusCode,
    ).toBe(404);
    expect([await countRows(f.t, 'download_sessions'), await countRows(f.t, 'audit_log')]).toEqual(before);
  });

  it('shows the link in the cloud share panels; another tenant gets 404 for link and panel', async () => {
    const feed = await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`);
    expect(feed.json().cloud_shares.length).toBeGreaterThanOrEqual(3);
    const first = feed.json().cloud_shares[0];
    expect(
      (await f.get('resa', `/client/get_client_cloud_shares/${f.w.clientA2}`)).json().cloud_shares,
    ).toHaveLength(feed.json().cloud_shares.length);
    expect((await f.get('resb', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).statusCode).toBe(
      404,
    );
    expect((await f.get('resb', `/client/load_cloud_link/${first.id}`)).statusCode).toBe(404);
    const link = (await f.get('resa', `/client/load_cloud_link/${first.id}`)).json();
    expect(link).toMatchObject({ ok: true, download_url: expect.stringMatching(/^\/download\//) });
    const other = await call(f.t.app, f.s.resb, {
      method: 'GET',
      url: link.download_url,
      headers: { 'x-requested-with': '' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('expires a link on request (audited), then answers 410 with a clear message', async () => {
    const first = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).json()
      .cloud_shares[0];
    const url = (await f.get('resa', `/client/load_cloud_link/${first.id}`)).json().download_url;
    expect((await f.get('resb', `/ra/expire_cloud_link/${first.id}`)).statusCode).toBe(404);
    expect((await f.get('resa', `/ra/expire_cloud_link/${first.id}`)).json()).toEqual({ ok: true });
    const gone = await fetchLink(url);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/expired/);
    const page = await call(f.t.app, f.s.resa, {
      method: 'GET',
      url,
      headers: { 'x-requested-with': '', accept: 'text/html' },
    });
    expect(page.body).toContain('This download link expired');
    const ids = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`))
      .json()
      .cloud_shares.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(first.id);
    expect((await f.get('resa', `/ra/expire_cloud_link/${first.id}`)).statusCode).toBe(409);
  });

  it('suppresses a row from the panel, leaving its link working', async () => {
    const first = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).json()
      .cloud_shares[0];
    expect((await f.get('resa', `/client/suppress_cloud_share/${first.id}`)).json()).toMatchObject({
      ok: true,
    });
    const ids = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`))
      .json()
      .cloud_shares.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(first.id);
    const url = (await f.get('resa', `/client/load_cloud_link/${first.id}`)).json().download_url;
    expect((await fetchLink(url)).statusCode).toBe(200);
  });

  it('after 7 days the link answers expired, and the expiry sweep takes it out of the feeds', async () => {
    const [a] = await twoFiles();
    const created = (
      await insert('resa', { path: a?.path, download_type: 1, files_count: 1, folders_count: 0 })
    ).json();
    const row = await f.t.dbh.db
      .selectFrom('download_sessions')
      .selectAll()
      .where('name', '=', created.name)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBe(created.expired);
    f.t.clock.advance(7 * DAY - 1000);
    await f.relogin();
    expect((await fetchLink(created.download_url)).statusCode).toBe(200);
    f.t.clock.advance(1000);
    expect((await fetchLink(created.download_url)).statusCode).toBe(410);
    // Past its time but not yet ended: the panel shows it as pending unmount.
    const pending = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).json();
    expect(pending.cloud_shares.map((s: { id: number }) => s.id)).toContain(Number(row.id));
    while ((await f.t.ctx.operations.runOnce()) > 0) {}
    const after = (await f.get('resa', `/reseller/get_reseller_cloud_shares/${f.w.resellerA}`)).json();
    expect(after.cloud_shares.map((s: { id: number }) => s.id)).not.toContain(Number(row.id));
    expect(
      (
        await f.t.dbh.db
          .selectFrom('download_sessions')
          .select('status')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');
  });

  it('completes the mount; it can no longer be listed', async () => {
    expect((await f.post('resb', `/api/filebrowsing/complete/${mount}`)).statusCode).toBe(404);
    expect((await f.post('resa', `/api/filebrowsing/complete/${mount}`)).json()).toEqual({ ok: true });
    expect((await files('resa', 'C:')).statusCode).toBe(404);
  });
});
