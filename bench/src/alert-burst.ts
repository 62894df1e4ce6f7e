import os from 'node:os';
import { parseArgs } from 'node:util';
import { type AlertRule, DEFAULT_ALERT_RULE } from '@lifeboat/contract';
import { type Evaluation, FleetDb } from './burst/fleet-db';
import { startHooks, startInbox } from './burst/receivers';
import { SLOW_MS, startSampler, type WindowStats, windowStats } from './burst/sampler';
import { onCleanup, runMain } from './cleanup';
import { ensureSqliteFleet, type FleetVariant } from './fleet';
import { startServer } from './server';
import { type SignedIn, signIn } from './session';

// `npm run alert-burst -w @lifeboat/bench -- [--systems 10000]`: a burst of alerts opened at once
// (issue 27 'Speed': "a burst of 10,000 alerts ... is delivered as digests and webhooks without
// blocking the API"). On the run's own copy of a large fleet in which the reseller demo account
// owns about 15,000 systems, the production server runs with its workers; the reseller's rule
// sends an hourly digest to the bench's SMTP server and every transition to the bench's webhook
// receiver. After the first evaluation and a measured quiet period, --systems of its systems lose
// their restore points in one UPDATE; the next scheduled evaluation opens their alerts, and the
// bench waits until every webhook is received and verified and the digest has arrived, while one
// connection keeps calling a small API mix.

const USAGE = `Usage: npm run alert-burst -w @lifeboat/bench -- [--systems 10000] [--seed 42]
  [--processes auto|N] [--before 60] [--timeout 900] [--real-hour]
`;

/** The large fleet with the reseller demo account owning 15 % of the clients (about 15,000 systems). */
const FLEET: FleetVariant = { name: 'burst', args: ['--main-share', '0.15'] };
const RECIPIENT = 'noc@brightline.example';
const POLL_MS = 100;

const ms = (v: number) => `${v.toFixed(1)} ms`;
const secs = (v: number) => `${(v / 1000).toFixed(1)} s`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const loads = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function post(baseUrl: string, session: SignedIn, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...session.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Wait until no evaluation is queued or running and the next is at least 3 s away. */
async function betweenEvaluations(db: FleetDb, timeoutMs: number): Promise<Evaluation> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const e = db.latestEvaluation();
    if (e?.status === 'failed') throw new Error('The scheduled evaluation failed (see the server log).');
    const next = db.nextEvaluationAt();
    if (e?.status === 'succeeded' && next !== null && next - Date.now() > 3000) return e;
    if (Date.now() > until) throw new Error('No evaluation finished in time.');
    await sleep(POLL_MS);
  }
}

/** The first evaluation scheduled after `after`, with when it was first seen running. */
async function evaluationAfter(db: FleetDb, after: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let runningAt: number | null = null;
  for (;;) {
    const e = db.latestEvaluation();
    if (e && e.createdAt >= after) {
      if (e.status === 'running') runningAt ??= Date.now();
      if (e.status === 'failed') throw new Error('The burst evaluation failed (see the server log).');
      if (e.status === 'succeeded') return { e, runningAt: runningAt ?? e.createdAt };
    }
    if (Date.now() > until) throw new Error('The burst evaluation did not finish in time.');
    await sleep(POLL_MS);
  }
}

const apiLine = (label: string, s: WindowStats) =>
  `API ${label}, 1 connection: ${s.calls} calls, p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}, over ${SLOW_MS} ms ${s.slow}, not 2xx or timed out ${s.failed}`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      systems: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '42' },
      processes: { type: 'string' },
      before: { type: 'string', default: '60' },
      timeout: { type: 'string', default: '900' },
      'real-hour': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const n = Number(values.systems);
  const timeoutMs = Number(values.timeout) * 1000;
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    process.stderr.write(`${line}\n`);
  };
  const note = (line: string) => process.stderr.write(`${line}\n`);
  say(`load average (1, 5, 15 min) before: ${loads()}`);

  const fleet = await ensureSqliteFleet('large', Number(values.seed), false, FLEET);
  const inbox = await startInbox();
  onCleanup(() => inbox.close());
  const hooks = await startHooks();
  onCleanup(() => hooks.close());
  const server = await startServer({
    database: { kind: 'sqlite', file: fleet.file },
    env: {
      // The scheduled work is what is measured: the workers run, the living fleet at its real pace.
      LIFEBOAT_WORKERS: '1',
      SIM_SPEED: '1',
      SMTP_URL: inbox.url,
      LIFEBOAT_WEBHOOK_ALLOW_PRIVATE: '1',
      ...(values.processes ? { LIFEBOAT_PROCESSES: values.processes } : {}),
    },
  });
  if (server.database.kind !== 'sqlite') throw new Error('The burst runs on SQLite only.');
  const db = new FleetDb(server.database.file);
  try {
    const session = await signIn(server.url, 'reseller', 'demo');
    const resellerId = session.user.organisationId;
    say(
      `${fleet.marker.size} fleet (seed ${fleet.marker.seed}), SQLite, processes ${values.processes ?? `auto (${os.availableParallelism()} cores)`}; reseller ${resellerId} (the reseller demo account)`,
    );
    note('Waiting for the first evaluation of the copy (it opens the fleet’s alerts)...');
    const first = await betweenEvaluations(db, timeoutMs);
    say(
      `first evaluation (opens the fleet's alerts, queue wait included): ${secs((first.finishedAt ?? 0) - first.createdAt)}; ${JSON.stringify(first.result)}`,
    );
    if (db.clientRules(resellerId) > 0) throw new Error('A client of the reseller has a rule of its own.');

    // The reseller's routing: an hourly digest by e-mail, every transition to the receiver.
    const since = Date.now();
    const made = (await post(server.url, session, `/api/webhooks/reseller/${resellerId}`, {
      name: 'Burst receiver',
      url: hooks.url,
    })) as { endpoint: { id: number }; secret: string };
    hooks.setSecret(made.secret);
    const endpointId = made.endpoint.id;
    const rule: AlertRule = {
      ...DEFAULT_ALERT_RULE,
      recipients: [RECIPIENT],
      routing: { ...DEFAULT_ALERT_RULE.routing, email: 'hourly', webhooks: 'all', time_zone: 'UTC' },
    };
    await post(server.url, session, `/api/alerts/reseller_rule/${resellerId}`, { rule });

    const sampler = startSampler(server.url, session.headers, [
      '/api/session',
      '/api/alerts/list',
      `/reseller/get_dashboard_page_data/${resellerId}`,
    ]);
    onCleanup(() => sampler.stop());
    const beforeFrom = Date.now();
    note(`Measuring the API for ${values.before} s before the burst...`);
    await sleep(Number(values.before) * 1000);
    await betweenEvaluations(db, timeoutMs);
    // Chosen now: the last evaluation and the living fleet change which systems qualify.
    const candidates = db.burstCandidates(resellerId, Date.now());
    if (candidates.length < n)
      throw new Error(
        `Only ${candidates.length} systems of the reseller can open the alert; ask fewer with --systems.`,
      );
    const chosen = candidates.slice(0, n);
    const burstAt = Date.now();
    db.loseRestorePoints(chosen, burstAt);
    say(`burst: ${n} systems lost their restore points (one UPDATE, ${secs(Date.now() - burstAt)})`);

    const { e, runningAt } = await evaluationAfter(db, burstAt, timeoutMs);
    const evalEnd = e.finishedAt ?? Date.now();
    say(
      `burst evaluation: ${secs(evalEnd - runningAt)} running (seen every ${POLL_MS} ms), ${secs(runningAt - e.createdAt)} queued before; ${JSON.stringify(e.result)}`,
    );
    // The digest takes what was due by then; later transitions wait for the next hour.
    let dueBy = Math.ceil(evalEnd / 3_600_000) * 3_600_000;
    if (!values['real-hour']) {
      dueBy = Date.now();
      say(`held e-mail made due now (the hour passes): ${db.digestsDueNow(resellerId, dueBy)}`);
    }

    const until = Date.now() + timeoutMs;
    let lastNote = 0;
    for (;;) {
      const q = db.deliveryCounts(endpointId);
      const pending = (q.queued ?? 0) + (q.sending ?? 0);
      const m = db.mailCounts(resellerId);
      const mailsDone = db.mailsToSend(resellerId, dueBy) === 0;
      const digestIn = inbox.mails.some((x) => /digest/i.test(x.subject));
      if (pending === 0 && mailsDone && digestIn && hooks.received.size >= (q.delivered ?? 0)) break;
      if (Date.now() > until) {
        say(`timed out waiting: deliveries ${JSON.stringify(q)}, e-mail ${JSON.stringify(m)}`);
        break;
      }
      if (Date.now() - lastNote > 10_000) {
        lastNote = Date.now();
        note(
          `  ${secs(Date.now() - runningAt)} after the evaluation started: deliveries ${JSON.stringify(q)}, received ${hooks.received.size}, e-mail ${JSON.stringify(m)}, messages ${inbox.mails.length}`,
        );
      }
      await sleep(500);
    }
    await sampler.stop();

    const burst = db.burstTransitions(chosen, burstAt, endpointId);
    const firstCopy = burst.deliveries.map((id) => hooks.received.get(id)?.[0] ?? Number.NaN);
    const missing = firstCopy.filter((t) => Number.isNaN(t)).length;
    const lastIn = Math.max(...firstCopy.filter((t) => !Number.isNaN(t)));
    const copies = [...hooks.received.values()];
    const duplicates = copies.reduce((a, c) => a + c.length - 1, 0);
    const known = new Set(db.deliveryIds(endpointId));
    const strangers = [...hooks.received.keys()].filter((id) => !known.has(id)).length;
    const untold = db.untold(resellerId, since, endpointId);
    const digestAt = Math.max(...inbox.mails.map((x) => x.at), evalEnd);
    const done = Math.max(lastIn, digestAt);
    say(
      `burst transitions: ${burst.systems} systems opened, ${burst.events} events, ${burst.deliveries.length} webhook deliveries queued for them`,
    );
    say(
      `webhooks: ${hooks.received.size} received and verified (all transitions of the reseller since the routing), ${hooks.refused} refused, ${duplicates} duplicates by delivery id, ${missing} of the burst missing, ${strangers} unknown to the console, ${untold} transitions not queued`,
    );
    say(
      `every burst webhook in: ${secs(lastIn - runningAt)} after the evaluation started (${secs(lastIn - evalEnd)} after it ended)`,
    );
    say(
      `e-mail: ${inbox.mails.length} messages (${inbox.mails.map((x) => `"${x.subject}", ${x.bytes} bytes`).join('; ')}); ${JSON.stringify(db.mailCounts(resellerId))}`,
    );
    say(apiLine('before the burst', windowStats(sampler.samples, beforeFrom, burstAt)));
    say(
      apiLine(
        `during evaluation and delivery (${secs(done - runningAt)})`,
        windowStats(sampler.samples, runningAt, done),
      ),
    );
    const log = server.takeLog();
    if (log.lines > 0)
      say(`server log: ${log.lines} lines; last: ${log.tail.trim().split('\n').slice(-3).join(' | ')}`);
    say(`load average (1, 5, 15 min) after: ${loads()}`);
    process.stdout.write(`\n${out.join('\n')}\n`);
    const ok = missing === 0 && duplicates === 0 && strangers === 0 && untold === 0 && burst.systems === n;
    return ok ? 0 : 2;
  } finally {
    db.close();
    await server.stop();
  }
}

runMain(() => main(process.argv.slice(2)), 'alert-burst');
