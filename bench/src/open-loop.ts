import http from 'node:http';
import { type MixSession, nextRequest, type SessionName, seeded } from './mix';
import { type PerCall, recordAnswer } from './mix-table';

// Open loop (mixed.ts --rates): requests of the mix arrive at a fixed rate whatever the answers'
// speed, as people's clicks do. Each request's time runs from when it was due, not from when it
// was sent: a harness that falls behind (or a server that holds connections) adds its delay to
// the figures instead of hiding it (no "coordinated omission"). A closed loop, by contrast, sends
// the next request only after an answer, so it measures the saturation point.

export interface OpenLoopResult {
  perCall: Map<string, PerCall>;
  sent: number;
  answered: number;
  errors: number;
  /** Requests still unanswered when the run ended (they count as errors too). */
  unanswered: number;
  /** How far behind its schedule the harness sent, at worst (ms). */
  maxLagMs: number;
}

export function openLoop(
  baseUrl: string,
  sessions: (MixSession & { headers: Record<string, string> })[],
  orgNames: string[],
  opts: { rate: number; seconds: number; seed: number; record: boolean },
): Promise<OpenLoopResult> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const random = seeded(opts.seed);
  const headersOf = new Map(sessions.map((s) => [s.name, s.headers]));
  const perCall = new Map<string, PerCall>();
  const total = Math.round(opts.rate * opts.seconds);
  const intervalMs = 1000 / opts.rate;
  const out: OpenLoopResult = { perCall, sent: 0, answered: 0, errors: 0, unanswered: 0, maxLagMs: 0 };
  const record = (label: string, session: SessionName, status: number, bytes: number, ms: number) => {
    if (opts.record) recordAnswer(perCall, label, session, status, bytes, ms);
  };

  return new Promise((resolve) => {
    const start = performance.now();
    let inFlight = 0;
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      out.unanswered = inFlight;
      out.errors += inFlight;
      agent.destroy();
      resolve(out);
    };
    const send = (dueAt: number) => {
      const next = nextRequest(random, sessions, orgNames);
      const headers: Record<string, string> = { ...headersOf.get(next.session) };
      if (next.contentType) headers['Content-Type'] = next.contentType;
      const body = next.body ?? '';
      if (body) headers['Content-Length'] = String(Buffer.byteLength(body));
      inFlight++;
      out.sent++;
      const req = http.request(
        { host: url.hostname, port: url.port, path: next.path, method: next.method, headers, agent },
        (res) => {
          let bytes = 0;
          res.on('data', (d: Buffer) => {
            bytes += d.length;
          });
          res.on('end', () => {
            if (finished) return;
            inFlight--;
            out.answered++;
            record(next.label, next.session, res.statusCode ?? 0, bytes, performance.now() - dueAt);
            if (out.sent === total && inFlight === 0) done();
          });
        },
      );
      req.on('error', () => {
        // Requests given up at the end are counted there, and then destroyed with the agent.
        if (finished) return;
        inFlight--;
        out.errors++;
        if (out.sent === total && inFlight === 0) done();
      });
      req.end(body);
    };
    // Send what is due, then wait for the next due time (timers are coarse: several may be due).
    const tick = () => {
      if (finished) return;
      const now = performance.now();
      while (out.sent < total) {
        const dueAt = start + out.sent * intervalMs;
        if (dueAt > now) break;
        out.maxLagMs = Math.max(out.maxLagMs, now - dueAt);
        send(dueAt);
      }
      if (out.sent < total) setTimeout(tick, Math.max(0, start + out.sent * intervalMs - performance.now()));
    };
    tick();
    // Answers still missing 10 s after the last request was due are given up.
    setTimeout(done, opts.seconds * 1000 + 10_000).unref();
  });
}
