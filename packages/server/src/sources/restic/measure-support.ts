import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';
import { pct } from '../../measure/percentile';
import type { Session } from '../../test/harness';

// What the speed measures of restic sources share (bench/README.md): the machine's load, the
// percentiles they print, the process's memory as /proc says it, and HTTP calls over one kept-alive
// connection to a console listening in the measure's process.

/** The machine's `uptime` line: every figure is printed with it (the machine is shared). */
export const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** "p50 3.1 ms, p95 8.0 ms, p99 12.4 ms, max 20.0 ms (n = 240)" of some timings. */
export function spread(times: readonly number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${ms(pct(s, 50))}, p95 ${ms(pct(s, 95))}, p99 ${ms(pct(s, 99))}, max ${ms(s.at(-1) ?? 0)} (n = ${s.length})`;
}

/** A field of /proc/self/status in bytes (VmRSS: resident now; VmHWM: its peak). */
export function procStatus(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Resets VmHWM to the resident size now (Linux: 5 into clear_refs); false where refused. */
export function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export interface Got {
  status: number;
  bytes: number;
}

/**
 * GETs on the console at `base` as the signed-in `session`, one at a time over one kept-alive
 * connection, as a browser tab's calls. `navigation` sends the cookie alone (a download link).
 */
export function httpClient(base: string, session: Session) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, opts: { navigation?: boolean } = {}) =>
    new Promise<Got>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = opts.navigation
        ? { cookie: session.cookie }
        : { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken, [XHR_HEADER]: XHR_VALUE };
      const req = http.get(`${base}${url}`, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.once('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.once('error', reject);
      });
      req.once('error', reject);
    });
  return { get, close: () => agent.destroy() };
}
