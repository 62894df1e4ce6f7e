// Runs the browser suite as if the clock said HH:MM today (default 23:59), in shuffled order:
// `npm run test:at -w @lifeboat/e2e -- 00:01`. The demo fleet is generated relative to now, so
// a test that holds only by day must be caught here, not on the night CI happens to run.
// libfaketime (Debian's faketime) shifts every process of the run by the same offset: the test
// runner, the console server and Chromium agree on the time.
import { spawnSync } from 'node:child_process';

const [hh, mm] = (process.argv[2] ?? '23:59').split(':').map(Number);
const target = new Date();
target.setHours(hh ?? 23, mm ?? 59, 0, 0);
const offset = Math.round((target.getTime() - Date.now()) / 1000);
const seed = process.argv[3] ?? String(Date.now() % 1000);
process.stdout.write(`browser suite at ${target.toISOString()} (offset ${offset} s), shuffle seed ${seed}\n`);
const r = spawnSync(
  'faketime',
  [
    '-f',
    `${offset >= 0 ? '+' : ''}${offset}s`,
    'npx',
    'vitest',
    'run',
    '--config',
    'vitest.config.ts',
    '--sequence.shuffle',
    `--sequence.seed=${seed}`,
  ],
  { stdio: 'inherit' },
);
process.exit(r.status ?? 1);
