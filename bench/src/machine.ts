import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

// The load average lags by minutes and counts the bench's own previous run; a one-second sample
// of CPU time just before the calls (server idle, nothing under load) shows what else is running.

const totals = () =>
  os.cpus().reduce(
    (acc, cpu) => {
      const t = cpu.times;
      acc.all += t.user + t.nice + t.sys + t.irq + t.idle;
      acc.idle += t.idle;
      return acc;
    },
    { all: 0, idle: 0 },
  );

/** The share (0..1) of all cores busy with other work over the next `ms`. */
export async function otherCpuShare(ms = 1000): Promise<number> {
  const a = totals();
  await sleep(ms);
  const b = totals();
  const all = b.all - a.all;
  return all > 0 ? 1 - (b.idle - a.idle) / all : 0;
}

/** CPU seconds a process has used so far (user + system, from /proc/<pid>/stat; Linux only). */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** Where the cores' time went during a run: the server, this harness, everything else. */
export interface CpuSplit {
  /** Share of one core, 1 = a whole core. */
  server: number | null;
  harness: number;
  /** Everything else (the database server, other programs), share of one core. */
  rest: number;
}

export function cpuMeter(serverPid: number): () => CpuSplit {
  const wall0 = process.hrtime.bigint();
  const server0 = processCpuSeconds(serverPid);
  const self0 = process.cpuUsage();
  const all0 = totals();
  return () => {
    const wall = Number(process.hrtime.bigint() - wall0) / 1e9;
    const server1 = processCpuSeconds(serverPid);
    const self = process.cpuUsage(self0);
    const all1 = totals();
    const busy = (all1.all - all0.all - (all1.idle - all0.idle)) / 1000; // ms -> s
    const server = server0 === null || server1 === null ? null : (server1 - server0) / wall;
    const harness = (self.user + self.system) / 1e6 / wall;
    return { server, harness, rest: Math.max(0, busy / wall - (server ?? 0) - harness) };
  };
}
