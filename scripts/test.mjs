// `npm test`: unit and API tests on SQLite; the same node suites on PostgreSQL when
// TEST_DATABASE_URL is set; then the browser suite against the built app.
import { spawnSync } from 'node:child_process';

const run = (label, cmd, args, env = {}) => {
  process.stdout.write(`\n== ${label}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stdout.write(`\n${label} failed.\n`);
    process.exit(r.status ?? 1);
  }
};

// Debian's tools the tests use as a person's would: Chromium (browser suite), poppler's pdftotext
// (reports), qemu-img (disk images), curl and lftp (FTPS logins), Python's zipfile (downloaded
// zips), restic (real repositories). On a fresh machine where we may install, install them.
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = [
  ['chromium', 'chromium'],
  ['pdftotext', 'poppler-utils'],
  ['qemu-img', 'qemu-utils'],
  ['curl', 'curl'],
  ['lftp', 'lftp'],
  ['python3', 'python3'],
  ['unzip', 'unzip'],
  ['restic', 'restic'],
].filter(([cmd]) => !has(cmd));
if (missing.length > 0 && process.getuid?.() === 0 && has('apt-get')) {
  const pkgs = missing.map(([, pkg]) => pkg);
  process.stdout.write(`\n== installing Debian's ${pkgs.join(', ')}\n`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get update', 'apt-get', ['update', '-qq'], env);
  run('apt-get install', 'apt-get', ['install', '-y', '-qq', ...pkgs, 'fonts-dejavu-core'], env);
}

// Every test that starts a console runs `npm start`'s bundle on the built web app: build it once
// here (the tests' own starts then find it current).
run('build (the server bundle and the web app)', 'node', ['scripts/build-if-changed.mjs']);
run('unit and API tests (SQLite)', 'npx', ['vitest', 'run'], { LIFEBOAT_TEST_ENGINE: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  run('unit and API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'node'], {
    LIFEBOAT_TEST_ENGINE: 'postgres',
  });
} else {
  process.stdout.write('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.\n');
}
run('browser tests', 'npm', ['run', 'test:e2e']);
