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
