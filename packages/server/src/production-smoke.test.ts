import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Call,
  type CallInput,
  callPath,
  failoverCalls,
  ftpsCalls,
  isoDay,
  recoveryCalls,
  reportCalls,
  virtualizationCalls,
} from '@lifeboat/contract';
import { openDb } from '@lifeboat/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, type ProductionServer, startProduction } from '../../../scripts/production-start.mjs';
import {
  type ApiSession,
  call,
  login,
  navigate,
  type ServerDatabase,
  serverDatabase,
  until,
} from './test/production-api';

// The console as `npm start` serves it (the server bundle on the built web app), on the test's
// engine, through each area's long operation once, as the demo reseller on its client Acme Dental
// Group: a report PDF, an FTPS export fetched by curl, a disk image, a file download, a test
// failover. Each file is read by a program we did not write (pdftotext, curl, qemu-img, Python's
// zipfile), so a bundle that differs from the sources (a module or asset left behind) fails here.

const CLIENT = 'Acme Dental Group';
/** A folder of small files that every Windows restore point of the demo has. */
const FOLDER = 'C:/ProgramData/Lifeboat';
const DAY = 86_400_000;
/** Each long operation's nominal minutes pass in well under a second. */
const SIM_SPEED = '600';
const STEP_MS = 60_000;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lifeboat-smoke-'));
const dataDir = path.join(root, 'data');
const files = path.join(root, 'files');
let database: ServerDatabase | null = null;
let server: ProductionServer | null = null;
let base = '';
let session: ApiSession;
let clientId: number;

/** The part a process of the console was given (processes.ts), from its environment. */
function roleOf(pid: number): string {
  const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return env.find((e) => e.startsWith('LIFEBOAT_PROCESS_ROLE='))?.split('=')[1] ?? 'none';
}

const send = <C extends Call>(decl: C, input: CallInput<C>) => call(base, session, decl, input);
/** A download the browser opens, written to a file of the test's folder. */
async function download(url: string, name: string): Promise<{ file: string; res: Response }> {
  const res = await navigate(base, session, url);
  const file = path.join(files, name);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return { file, res };
}

beforeAll(async () => {
  fs.mkdirSync(dataDir);
  fs.mkdirSync(files);
  database = await serverDatabase(dataDir, 'lifeboat_smoke');
  // Passive FTPS ports next to a free one, not the default range another console may hold.
  const pasv = await freePort();
  server = await startProduction({
    env: {
      LIFEBOAT_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SIM_SPEED,
      SIM_FAULTS: '',
      LIFEBOAT_WORKERS: '1',
      // Two web processes and the background one (docs/processes.md), whatever the machine's cores.
      LIFEBOAT_PROCESSES: '2',
      LIFEBOAT_FTPS_PASV_MIN: String(Math.min(pasv, 65_525)),
      LIFEBOAT_FTPS_PASV_MAX: String(Math.min(pasv, 65_525) + 10),
    },
  });
  base = server.baseUrl;
  session = await login(base, 'reseller');
  const clients = await send(recoveryCalls.resellerClients, {
    params: { resellerId: session.user.organisationId },
    query: {},
  });
  const acme = clients.table_data.data.find((c) => c.name === CLIENT);
  if (!acme) throw new Error(`The demo reseller has no client ${CLIENT}.`);
  clientId = acme.id;
}, 360_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(`--- the console's output ---\n${server?.output()}`));
});

describe('the built console, each long operation once', { timeout: 180_000 }, () => {
  it('generates an executive summary: a PDF naming the client, the period and its sections', async () => {
    const created = (await send(reportCalls.dateCreated, { params: { clientId } })).date_created * 1000;
    const now = Date.now();
    const from = isoDay(Math.max(created, now - 30 * DAY));
    const to = isoDay(now - DAY);
    const summary = 'Smoke test of the built console';
    const { report_id: reportId } = await send(reportCalls.generate, {
      form: {
        client_id: clientId,
        from_date: from,
        to_date: to,
        level: 'detailed',
        bandwidth_estimate: 100,
        summary_overview: summary,
      },
    });
    const status = await until(
      'the report',
      async () => {
        const s = await send(reportCalls.status, { params: { reportId } });
        return s.status === 'PENDING' || s.status === 'RUNNING' ? null : s;
      },
      STEP_MS,
    );
    expect(status).toEqual({ status: 'COMPLETED', progress: 100, message: null });

    const preview = Buffer.from((await send(reportCalls.content, { params: { reportId } })).data, 'base64');
    const { file, res } = await download(
      callPath(reportCalls.download.path, { reportId, from, to }),
      'report.pdf',
    );
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(fs.readFileSync(file).equals(preview)).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const words of [
      'Executive summary report',
      CLIENT,
      `Period: ${from} to ${to}`,
      summary,
      'Key figures',
      'Protected systems',
      'Suggested actions',
      'Recovery evidence',
    ])
      expect(text).toContain(words);
  });

  it('exports files by FTPS; curl logs in over explicit TLS and downloads them', async () => {
    const { data } = await send(ftpsCalls.rbDevices, { params: { clientId, applianceId: 0 } });
    const device = data.find(
      (d) => d.ftpsAllowed && !d.isPasswordProtected && d.systemOsType === 'WINDOWS' && d.latestCloudRp,
    );
    if (!device?.latestCloudRp) throw new Error(`${CLIENT} has no system to export by FTPS.`);
    const newest = new Date(device.latestCloudRp);
    const month = await send(ftpsCalls.rbRestorePoints, {
      params: { machineId: device.id, year: newest.getUTCFullYear(), month: newest.getUTCMonth() + 1 },
    });
    const restorePoint = month.restorePoints[String(month.days.at(-1))]
      ?.filter((p) => p.value !== '0')
      .at(-1);
    if (!restorePoint) throw new Error(`${device.psName} has no restore point in its newest month.`);
    const point = { machineId: device.id, restorePoint: restorePoint.value };
    const { entries } = await send(ftpsCalls.rbBrowse, { params: point, query: { path: FOLDER } });
    const wanted = entries.filter((e) => e.type === 'file');
    expect(wanted.length).toBeGreaterThan(0);

    const { export_uuid: uuid } = await send(ftpsCalls.start, {
      params: { ...point, type: 'ffr', format: 'none' },
      json: { paths: [FOLDER] },
    });
    const status = await until(
      'the FTPS export',
      async () => {
        const s = await send(ftpsCalls.status, { params: { uuid } });
        return s.status === 'RUNNING' ? null : s;
      },
      STEP_MS,
    );
    expect(status).toMatchObject({ status: 'COMPLETED', error: null });
    const { credentials } = await send(ftpsCalls.credentials, { json: { export_id: status.export_id } });
    if (!credentials) throw new Error('The export gave no FTPS credentials.');

    // One curl, one login: the folder's listing, then each file on the same connection.
    const remote = `ftp://${credentials.host}:${credentials.port}/${FOLDER.replace(/:/g, '')}`;
    const login = ['-sS', '--ssl-reqd', '-k', '--user', `${credentials.login}:${credentials.password}`];
    const listing = path.join(files, 'listing.txt');
    const got = path.join(files, 'ftps');
    fs.mkdirSync(got);
    execFileSync(
      'curl',
      [
        ...login,
        '--list-only',
        `${remote}/`,
        '-o',
        listing,
        '--next',
        ...login,
        ...wanted.flatMap((e) => [`${remote}/${encodeURIComponent(e.name)}`, '-o', path.join(got, e.name)]),
      ],
      { timeout: STEP_MS },
    );
    const listed = fs.readFileSync(listing, 'utf8').split(/\r?\n/).filter(Boolean);
    expect(listed.sort()).toEqual(entries.map((e) => e.name).sort());
    for (const e of wanted) expect(fs.statSync(path.join(got, e.name)).size, e.name).toBe(e.size);

    // Login after login, each with its own passive data connection: every one reaches the process
    // that announced it (the FTPS server runs in one process of several).
    const first = wanted[0] as (typeof wanted)[number];
    for (let i = 0; i < 12; i++) {
      const out = path.join(got, `again-${i}`);
      execFileSync('curl', [...login, `${remote}/${encodeURIComponent(first.name)}`, '-o', out], {
        timeout: STEP_MS,
      });
      expect(fs.statSync(out).size, `download ${i + 1}`).toBe(first.size);
    }
  });

  it('exports a disk as a VMDK share; the downloaded image is one qemu-img reads', async () => {
    const { list } = await send(recoveryCalls.applianceGet, {
      json: { scopeBy: 'client', forClient: clientId, eligible_for_cifs_sharing: 1 },
    });
    let subject: { applianceId: number; deviceId: number } | null = null;
    for (const a of list.filter((x) => x.online)) {
      const { devices } = await send(virtualizationCalls.exportDevices, {
        params: { clientId, applianceId: a.id, format: 'VMDK' },
      });
      for (const d of devices.filter((x) => !x.state)) {
        const state = await send(virtualizationCalls.virtualizedState, {
          json: { aid: a.id, device_id: d.id },
        });
        if (state.error || state.virtualized || state.exposed_disk) continue;
        subject = { applianceId: a.id, deviceId: d.id };
        break;
      }
      if (subject) break;
    }
    if (!subject) throw new Error(`${CLIENT} has no device whose disk can be exported.`);
    const { applianceId, deviceId } = subject;
    const { jobs } = await send(recoveryCalls.jobs, { json: { deviceId, applianceId } });
    const job = jobs.find((j) => j.type === 'SERVER_ALIVE_BMR');
    if (!job) throw new Error('The device has no whole-system job.');
    const strip = await send(recoveryCalls.localPoints, {
      params: { clientId, applianceId, deviceAsid: deviceId, jobId: job.id, drive: 'null' },
    });
    const point = strip.data?.dates
      .filter((d) => d.points.length > 0)
      .at(-1)
      ?.points.at(-1);
    if (!point) throw new Error('The device has no restore point on its appliance.');

    const exposed = await send(recoveryCalls.exposeShareAs, {
      params: {
        applianceId,
        jobId: job.id,
        pointMs: `${Math.floor(point.ts / 1000)}000`,
        drive: 'null',
        format: 'VMDK',
        type: 'dynamic',
      },
    });
    expect(exposed).toMatchObject({ ok: true, waitShare: true });
    const shareId = exposed.shareId as number;
    const share = await until(
      'the share',
      async () => {
        const s = await send(recoveryCalls.checkShare, { params: { shareId } });
        return s.status === 'EXPOSE_SHARE_PENDING' ? null : s;
      },
      STEP_MS,
    );
    expect(share).toMatchObject({ status: 'EXPOSE_SHARE_ACTIVE', error: null });

    const { file, res } = await download(
      callPath(virtualizationCalls.diskImage.path, { shareId }),
      'disk.vmdk',
    );
    expect(res.headers.get('content-disposition')).toMatch(/\.vmdk$/);
    const info = JSON.parse(execFileSync('qemu-img', ['info', '--output=json', file], { encoding: 'utf8' }));
    expect(info.format).toBe('vmdk');
    expect(info['virtual-size']).toBeGreaterThan(0);
    // A consistent image: qemu-img exits with an error on a corrupt one.
    execFileSync('qemu-img', ['check', '-f', 'vmdk', file]);
    await send(recoveryCalls.suppressShare, { params: { shareId } });
  });

  it('downloads two files from the file browser as a zip that Python reads back', async () => {
    const { devices } = await send(recoveryCalls.clientCloudDevices, {
      params: { clientId, applianceId: 0 },
    });
    const device = devices.find((d) => d.os_type === 'WINDOWS' && d.last_rp_at);
    if (!device) throw new Error(`${CLIENT} has no Windows device with cloud restore points.`);
    const { jobs } = await send(recoveryCalls.jobs, { json: { deviceId: device.id, applianceId: 0 } });
    const job = jobs.find((j) => j.drives.includes('C:'));
    if (!job) throw new Error(`${device.name} has no job with drive C:.`);
    const where = { applianceId: 0, deviceAsid: device.id, jobId: job.id, drive: 'C:' };
    const strip = await send(recoveryCalls.cloudPoints, { params: { clientId, ...where } });
    const point = strip.data?.dates
      .filter((d) => d.points.length > 0)
      .at(-1)
      ?.points.at(-1);
    if (!point) throw new Error(`${device.name} has no cloud restore point.`);

    const { filemountUseId } = await send(recoveryCalls.mount, {
      params: where,
      json: { recoveryPoint: point.id },
    });
    const listing = await send(recoveryCalls.files, {
      params: { applianceId: 0 },
      json: { path: FOLDER, recoveryPoint: point.id, filemountUseId },
    });
    const chosen = listing.files.filter((e) => e.type === 'file').slice(0, 2);
    expect(chosen).toHaveLength(2);
    const link = await send(recoveryCalls.insertDownloadSession, {
      json: {
        filemountUseId,
        appliance_id: 0,
        device_id: device.id,
        job_id: job.id,
        restore_point: point.id,
        drive: 'C:',
        path: chosen.map((e) => e.path),
        download_type: 2,
        files_count: 2,
        folders_count: 0,
      },
    });
    // The wizard is done browsing; the link lives on (7 days).
    await send(recoveryCalls.completeMount, { params: { filemountUseId } });

    const { file, res } = await download(link.download_url, 'files.zip');
    expect(res.headers.get('content-type')).toBe('application/zip');
    const read = execFileSync(
      'python3',
      [
        '-c',
        'import json, sys, zipfile\n' +
          'z = zipfile.ZipFile(sys.argv[1])\n' +
          'assert z.testzip() is None, "a member is corrupt"\n' +
          'print(json.dumps({i.filename: i.file_size for i in z.infolist()}))',
        file,
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(read)).toEqual(Object.fromEntries(chosen.map((e) => [e.name, e.size])));
  });

  it('keeps answering when a web process is killed, starts another, and runs the background work in one process', async () => {
    const primary = server?.child.pid as number;
    // The supervisor's live children (a zombie, already gone, has no environment to read).
    const children = () =>
      execFileSync('ps', ['-o', 'pid=,stat=', '--ppid', String(primary)], { encoding: 'utf8' })
        .split('\n')
        .map((l) => l.trim().split(/\s+/))
        .filter(([pid, stat]) => Number(pid) > 0 && !stat?.startsWith('Z'))
        .map(([pid]) => ({ pid: Number(pid), role: roleOf(Number(pid)) }));
    const before = children();
    expect(before.map((c) => c.role).sort()).toEqual(['background', 'web', 'web']);
    const victim = before.find((c) => c.role === 'web')?.pid as number;
    const lastBeforeKill = await (async () => {
      const dbh = await openDb({ url: database?.url as string });
      try {
        const row = await dbh.db
          .selectFrom('operations')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        return Number(row?.id ?? 0);
      } finally {
        await dbh.close();
      }
    })();
    process.kill(victim, 'SIGKILL');
    // Fresh connections (curl, no keep-alive) while the process is gone and after: all answered.
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) {
      codes.push(
        execFileSync(
          'curl',
          ['-s', '--max-time', '10', '-o', '/dev/null', '-w', '%{http_code}', `${base}/api/health`],
          {
            encoding: 'utf8',
          },
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(new Set(codes)).toEqual(new Set(['200']));
    const after = await until(
      'a new web process',
      async () => {
        const now = children();
        return now.filter((c) => c.role === 'web').length === 2 ? now : null;
      },
      STEP_MS,
    );
    expect(after.map((c) => c.pid)).not.toContain(victim);
    expect(server?.output()).toContain(`The web process ${victim} stopped (SIGKILL); starting another.`);
    // The session made before the kill still holds on whichever process answers.
    await send(recoveryCalls.resellerClients, {
      params: { resellerId: session.user.organisationId },
      query: {},
    });

    // Every operation (the fleet's tick each second, the exports, reports) was leased by the one
    // background process, and no scheduled slot ran twice.
    const background = before.find((c) => c.role === 'background')?.pid as number;
    const dbh = await openDb({ url: database?.url as string });
    try {
      // Each operation keeps the worker that last leased it (ran_by): every one that has run,
      // the fleet's ticks included, names a worker of the background process.
      const ran = await dbh.db
        .selectFrom('operations')
        .select(['ran_by', (eb) => eb.fn.countAll<number>().as('runs')])
        .where('ran_by', 'is not', null)
        .groupBy('ran_by')
        .execute();
      expect(ran.reduce((n, r) => n + Number(r.runs), 0)).toBeGreaterThan(0);
      for (const r of ran) expect(r.ran_by).toMatch(new RegExp(`^worker-${background}-`));
      // And the background work goes on after the kill: a run newer than any before it ends.
      await until(
        'an operation queued after the kill to finish',
        () =>
          dbh.db
            .selectFrom('operations')
            .select('id')
            .where('id', '>', lastBeforeKill)
            .where('status', '=', 'succeeded')
            .executeTakeFirst()
            .then((row) => row ?? null),
        STEP_MS,
      );
      const slots = await dbh.db
        .selectFrom('operations')
        .select(['schedule_slot', (eb) => eb.fn.countAll<number>().as('runs')])
        .where('schedule_slot', 'is not', null)
        .groupBy('schedule_slot')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      expect(slots).toEqual([]);
    } finally {
      await dbh.close();
    }
  });

  it('starts a test failover, sees the office run, and stops it', async () => {
    const setup = await send(failoverCalls.brcSetup, { params: { clientId, applianceId: '0' } });
    expect(setup.existing_failover_id).toBeNull();
    const created = await send(failoverCalls.createFailover, {
      json: {
        client_id: clientId,
        app_ids: setup.apps.map((a) => a.id),
        d2c_selected: setup.d2c_count > 0,
        vault_only_selected: false,
        virtualization_type: 'cloud',
        type: 'test',
        selected_services: [],
        stop_after_minutes: 120,
        gateway: setup.gateway,
        netmask: setup.netmask,
      },
    });
    expect(created).toMatchObject({ is_error: false, errors: {} });
    const failoverId = created.failover_id as number;
    const phase = (settled: string[]) =>
      until(
        `the failover to be ${settled.join(' or ')}`,
        async () => {
          const s = await send(failoverCalls.failoverStatus, { params: { failoverId } });
          return settled.includes(s.phase) || s.phase === 'failed' ? s : null;
        },
        STEP_MS,
      );
    expect(await phase(['started'])).toMatchObject({ phase: 'started', percent: 100 });
    const { office } = await send(failoverCalls.getFailoverStatus, {
      params: { clientId, applianceId: '0' },
    });
    expect(office?.failover_id).toBe(failoverId);
    expect(office?.systems.length).toBeGreaterThan(0);
    for (const s of office?.systems ?? []) expect(s, s.name).toMatchObject({ state: 'running' });

    await send(failoverCalls.stopFailover, { json: { failover_id: failoverId } });
    expect(await phase(['finished'])).toMatchObject({ phase: 'finished' });
  });
});
