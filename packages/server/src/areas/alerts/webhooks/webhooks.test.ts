import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPayload } from '@lifeboat/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluateAlerts } from '../evaluate';
import { type AlertsFixture, alertsFixture } from '../test-fixture';
import { isPrivateAddress } from './address-guard';
import { deliverWebhooks, webhookRetryDelay } from './deliver';
import { postWebhook } from './post';

// Webhooks (issue 27.4) to a real HTTP server in the test: every alert transition is posted once,
// signed (checked with python3's hmac module, not our code), in order per alert, through an
// outage, by two instances at once; private addresses and redirects are refused.

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Receiver {
  hits: Hit[];
  port: number;
  /** What to answer: a status, and headers (a redirect's Location). */
  answer: { status: number; headers?: Record<string, string> };
  close(): Promise<void>;
}

function startReceiver(port = 0): Promise<Receiver> {
  const r = { hits: [] as Hit[], answer: { status: 204 } } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(r.answer.status, r.answer.headers ?? {});
      res.end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      r.port = (server.address() as AddressInfo).port;
      r.close = () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve(r);
    }),
  );
}

/** The signature as a receiver checks it, with Python's hmac (not the console's code). */
function pythonVerifies(secret: string, header: string, body: string): boolean {
  const script = [
    'import hmac, hashlib, sys',
    'secret, header, body = sys.argv[1], sys.argv[2], sys.stdin.read()',
    "parts = dict(p.split('=', 1) for p in header.split(','))",
    "mac = hmac.new(secret.encode(), (parts['t'] + '.' + body).encode(), hashlib.sha256).hexdigest()",
    "print('ok' if hmac.compare_digest(mac, parts['v1']) else 'bad')",
  ].join('\n');
  return execFileSync('python3', ['-c', script, secret, header], { input: body }).toString().trim() === 'ok';
}

let f: AlertsFixture;
let rx: Receiver;

beforeEach(async () => {
  rx = await startReceiver();
  f = await alertsFixture({ webhookAllowPrivate: true, publicUrl: 'https://backup.example.test' });
});
afterEach(async () => {
  await f.t.close();
  await rx.close();
});

const now = () => f.t.clock.now();
const evaluate = () => evaluateAlerts(f.t.dbh.db, now());
const deliver = () => deliverWebhooks(f.t.ctx, now());

async function addEndpoint(url = `http://127.0.0.1:${rx.port}/hook`) {
  const res = await f.post('resa', `/api/webhooks/reseller/${f.w.resellerA}`, { name: 'PSA', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { endpoint: { id: number }; secret: string };
}

async function failTwice(systemId: number) {
  await f.run(systemId, 'FAILED');
  await f.run(systemId, 'FAILED');
}

const typesOf = (hits: Hit[]) => hits.map((h) => JSON.parse(h.body).type as string);

describe('alert webhooks', () => {
  it('posts each transition once, signed, with a delivery id, and keeps the secret sealed', async () => {
    const { secret, endpoint } = await addEndpoint();
    expect(secret).toMatch(/^whsec_/);
    const list = await f.get('resa', `/api/webhooks/reseller/${f.w.resellerA}`);
    expect(list.body).not.toContain(secret);
    const stored = await f.t.dbh.db.selectFrom('webhook_endpoints').select('secret_sealed').execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
    const audited = await f.t.dbh.db.selectFrom('audit_log').select('details').execute();
    expect(JSON.stringify(audited)).not.toContain(secret);

    await failTwice(f.w.systemA1);
    await failTwice(f.w.systemB1); // reseller B has no endpoint
    await evaluate();
    expect(await deliver()).toEqual({ delivered: 1, failed: 0, retried: 0 });
    for (let i = 0; i < 3; i++) {
      f.t.clock.advance(60_000);
      await evaluate();
      await deliver();
    }
    expect(rx.hits).toHaveLength(1);
    const [hit] = rx.hits as [Hit];
    expect(pythonVerifies(secret, String(hit.headers['lifeboat-signature']), hit.body)).toBe(true);
    expect(pythonVerifies('whsec_wrong', String(hit.headers['lifeboat-signature']), hit.body)).toBe(false);
    const body = webhookPayload.parse(JSON.parse(hit.body));
    expect(hit.headers['lifeboat-delivery']).toBe(body.id);
    expect(hit.headers['lifeboat-event']).toBe('alert.opened');
    expect(body.alert).toMatchObject({
      condition: 'backup_failed',
      state: 'open',
      subject: {
        type: 'system',
        id: f.w.systemA1,
        url: `https://backup.example.test/device/details/${f.w.systemA1}`,
      },
      client: { id: f.w.clientA1, name: 'Client A1' },
    });

    f.t.clock.advance(60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate();
    await deliver();
    expect(typesOf(rx.hits)).toEqual(['alert.opened', 'alert.resolved']);

    const log = await f.get('resa', `/api/webhooks/endpoint/${endpoint.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({
      records_count: 2,
      content: [
        { event_type: 'alert.resolved', status: 'delivered', response_code: 204 },
        { event_type: 'alert.opened', status: 'delivered', response_code: 204 },
      ],
    });
  });

  it('retries through an outage and delivers each transition once, in order per alert', async () => {
    await addEndpoint();
    const port = rx.port;
    await rx.close();
    await failTwice(f.w.systemA1);
    await evaluate();
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, retried: 1 });
    const [down] = await f.t.dbh.db.selectFrom('webhook_deliveries').select('error').execute();
    expect(down?.error).toBe('The endpoint could not be reached: it refused the connection.');
    f.t.clock.advance(60_000);
    await f.run(f.w.systemA1, 'COMPLETED');
    await evaluate(); // resolved while the receiver is down: it waits behind the opening
    f.t.clock.advance(webhookRetryDelay(1));
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, retried: 1 });
    // Down for hours: still retried, never given up within the day.
    for (let a = 2; a < 8; a++) {
      f.t.clock.advance(webhookRetryDelay(a));
      expect(await deliver()).toEqual({ delivered: 0, failed: 0, retried: 1 });
    }
    rx = await startReceiver(port);
    f.t.clock.advance(webhookRetryDelay(8));
    expect(await deliver()).toEqual({ delivered: 2, failed: 0, retried: 0 });
    f.t.clock.advance(60 * 60_000);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, retried: 0 });
    expect(typesOf(rx.hits)).toEqual(['alert.opened', 'alert.resolved']);
  });

  it('gives a delivery up only after a day of retries', async () => {
    await addEndpoint();
    rx.answer = { status: 503 };
    await failTwice(f.w.systemA1);
    await evaluate();
    const start = now();
    let out = await deliver();
    while (out.failed === 0) {
      f.t.clock.advance(webhookRetryDelay(99));
      out = await deliver();
    }
    expect(now() - start).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    const [row] = await f.t.dbh.db.selectFrom('webhook_deliveries').select(['status', 'error']).execute();
    expect(row).toMatchObject({ status: 'failed', error: 'The endpoint answered 503.' });
  });

  it('two instances delivering at once post each transition exactly once', async () => {
    await addEndpoint();
    const systems = [f.w.systemA1, f.w.systemA2];
    for (const s of systems) await failTwice(s);
    const other = await f.t.secondInstance();
    await Promise.all([evaluate(), evaluateAlerts(other.dbh.db, now())]);
    await Promise.all([deliver(), deliverWebhooks(other.ctx, now())]);
    f.t.clock.advance(60_000);
    for (const s of systems) await f.run(s, 'COMPLETED');
    await Promise.all([evaluate(), evaluateAlerts(other.dbh.db, now())]);
    await Promise.all([deliver(), deliverWebhooks(other.ctx, now())]);
    const ids = rx.hits.map((h) => String(h.headers['lifeboat-delivery']));
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    for (const s of systems) {
      const mine = rx.hits.map((h) => JSON.parse(h.body)).filter((b) => b.alert.subject.id === s);
      expect(mine.map((b) => b.type)).toEqual(['alert.opened', 'alert.resolved']);
    }
  });

  it('sends a test and redelivers from the log with the same delivery id', async () => {
    const { endpoint, secret } = await addEndpoint();
    const sent = await f.post('resa', `/api/webhooks/endpoint/${endpoint.id}/test`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ delivery: { event_type: 'test', status: 'queued' } });
    await deliver();
    expect(rx.hits).toHaveLength(1);
    expect(
      pythonVerifies(secret, String(rx.hits[0]?.headers['lifeboat-signature']), String(rx.hits[0]?.body)),
    ).toBe(true);
    const id = sent.json().delivery.id as number;
    const again = await f.post('resa', `/api/webhooks/delivery/${id}/redeliver`, {});
    expect(again.statusCode, again.body).toBe(200);
    const twice = await f.post('resa', `/api/webhooks/delivery/${id}/redeliver`, {});
    expect(twice.statusCode).toBe(409);
    await deliver();
    expect(rx.hits.map((h) => h.headers['lifeboat-delivery'])).toEqual([
      rx.hits[0]?.headers['lifeboat-delivery'],
      rx.hits[0]?.headers['lifeboat-delivery'],
    ]);
    // A rotated secret signs from then on; the old one no longer verifies.
    const rotated = await f.post('resa', `/api/webhooks/endpoint/${endpoint.id}/rotate`, {});
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    await f.post('resa', `/api/webhooks/endpoint/${endpoint.id}/test`, {});
    await deliver();
    const last = rx.hits.at(-1) as Hit;
    expect(pythonVerifies(fresh, String(last.headers['lifeboat-signature']), last.body)).toBe(true);
    expect(pythonVerifies(secret, String(last.headers['lifeboat-signature']), last.body)).toBe(false);
    const actions = await f.t.dbh.db
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('action', 'like', 'webhooks.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'webhooks.create',
      'webhooks.test',
      'webhooks.redeliver',
      'webhooks.rotate',
      'webhooks.test',
    ]);
    expect(new Set(actions.map((a) => a.user_id))).toEqual(new Set([f.w.users.resA]));
  });

  it('posts a burst of 10,000 in bounded runs while the API keeps answering', async () => {
    const { endpoint } = await addEndpoint();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      endpoint_id: endpoint.id,
      delivery_uid: `burst-${i}`,
      reseller_id: f.w.resellerA,
      client_id: 0,
      event_type: 'test',
      status: 'queued' as const,
      created_at: now(),
      next_attempt_at: now(),
      retry_until: now() + 60_000,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await f.t.dbh.db
        .insertInto('webhook_deliveries')
        .values(rows.slice(i, i + 500))
        .execute();
    const latencies: number[] = [];
    let runs = 0;
    while (rx.hits.length < 10_000 && runs < 20) {
      // A request made while the run posts is answered; the run's work is bounded.
      const run = deliver();
      const started = performance.now();
      const res = await f.get('resa', `/api/webhooks/reseller/${f.w.resellerA}`);
      latencies.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      const out = await run;
      expect(out.delivered).toBeLessThanOrEqual(1000);
      runs++;
    }
    expect(runs).toBe(10);
    expect(new Set(rx.hits.map((h) => h.headers['lifeboat-delivery'])).size).toBe(10_000);
    console.info(
      `burst of 10,000: ${runs} runs; API answers during runs ${latencies.map((l) => Math.round(l)).join(', ')} ms`,
    );
  }, 300_000);

  it('does not follow a redirect to another host', async () => {
    const other = await startReceiver();
    try {
      await addEndpoint();
      rx.answer = { status: 307, headers: { location: `http://localhost:${other.port}/elsewhere` } };
      await failTwice(f.w.systemA1);
      await evaluate();
      expect(await deliver()).toEqual({ delivered: 0, failed: 0, retried: 1 });
      expect(rx.hits).toHaveLength(1);
      expect(other.hits).toHaveLength(0);
      const [row] = await f.t.dbh.db
        .selectFrom('webhook_deliveries')
        .select(['error', 'response_code'])
        .execute();
      expect(row?.response_code).toBe(307);
      expect(row?.error).toMatch(/redirect .* which is not followed/);
    } finally {
      await other.close();
    }
  });

  it('times out a receiver that does not answer', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const port = (silent.address() as AddressInfo).port;
      const out = await postWebhook(`http://127.0.0.1:${port}/`, {}, '{}', {
        allowPrivate: true,
        timeoutMs: 300,
      });
      expect(out).toMatchObject({
        ok: false,
        code: null,
        error: 'The endpoint did not answer within 0.3 seconds.',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});

describe('private addresses', () => {
  it('knows the private, loopback and link-local ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['1.1.1.1', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses to register or post to them unless the operator allows it', async () => {
    const g = await alertsFixture({ webhookAllowPrivate: false });
    try {
      const url = `/api/webhooks/reseller/${g.w.resellerA}`;
      for (const [address, message] of [
        [`https://127.0.0.1:${rx.port}/hook`, /private or local address/],
        ['https://localhost/hook', /private or local address/],
        ['https://[::1]/hook', /private or local address/],
        ['https://169.254.169.254/latest', /private or local address/],
        [`http://8.8.8.8/hook`, /Use an https:\/\/ address/],
      ] as const) {
        const res = await g.post('resa', url, { name: 'Inside', url: address });
        expect(res.statusCode, address).toBe(400);
        expect(res.json().message, address).toMatch(message);
      }
      expect(await g.t.dbh.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
      // An endpoint stored earlier (the operator has since forbidden private addresses), and a
      // name that resolves to loopback at connect time: refused while connecting, nothing sent.
      const out = await postWebhook(`https://localhost:${rx.port}/hook`, {}, '{}', { allowPrivate: false });
      expect(out.ok).toBe(false);
      expect(out.error).toMatch(/private or local address/);
      expect(rx.hits).toHaveLength(0);
    } finally {
      await g.t.close();
    }
  });
});
