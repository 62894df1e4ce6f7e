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

/** user + system ticks and parent of every process, from /proc/<pid>/stat (Linux only). */
function allStats(): Map<number, { ppid: number; ticks: number }> {
  const out = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * CPU seconds a process and every process below it have used so far: the server with several
 * processes (docs/processes.md) is its supervisor and their children. Null when it is gone.
 */
export function processCpuSeconds(pid: number): number | null {
  const stats = allStats();
  if (!stats.has(pid)) return null;
  let ticks = 0;
  for (const p of treeOf(pid, stats)) ticks += stats.get(p)?.ticks ?? 0;
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** A process and every process below it. */
export function processTree(pid: number): number[] {
  return [...treeOf(pid, allStats())];
}

function treeOf(pid: number, stats: Map<number, { ppid: number; ticks: number }>): Set<number> {
  const tree = new Set([pid]);
  // Parents before children is not guaranteed: repeat until nothing joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, st] of stats)
      if (!tree.has(p) && tree.has(st.ppid)) {
        tree.add(p);
        grew = true;
      }
  }
  return tree;
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
