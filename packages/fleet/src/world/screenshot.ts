import { Rng } from '../generator/rng';
import { Canvas, type Rgb } from './canvas';
import { encodePng } from './png';

// AutoVerify screenshots: what the verified VM showed when it was captured. A Windows sign-in
// screen, a Linux console login, a macOS login window, or an error screen when the boot failed.
// Everything scales with the image, from a 64x40 thumbnail to 1024x640.

export interface ScreenshotOptions {
  width: number;
  height: number;
  hostname: string;
  osType: string;
  /** true: the system booted (sign-in screen); false: a failure screen. */
  ok: boolean;
}

const WHITE: Rgb = [255, 255, 255];
const DIM: Rgb = [200, 210, 225];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Clock {
  time: string;
  date: string;
}

/** AutoVerify runs at night: a time between 1 and 5 a.m. and a plausible date, from the seed. */
function clockOf(rng: Rng): Clock {
  const h = rng.int(1, 4);
  const m = rng.int(0, 59);
  return {
    time: `${h}:${String(m).padStart(2, '0')}`,
    date: `${rng.pick(DAYS)}, ${rng.pick(MONTHS)} ${rng.int(1, 28)}`,
  };
}

/** Below this height the 5x7 font is too big for the small print: thumbnails show shapes only. */
const tiny = (c: Canvas) => c.height < 120;

/** Text scale for a line meant to be `fraction` of the image height. */
const scaleFor = (c: Canvas, fraction: number) => Math.max(1, Math.floor((c.height * fraction) / 7));

/** A user avatar: a light disc with a head-and-shoulders silhouette inside. */
function avatar(c: Canvas, cx: number, cy: number, r: number, ring: Rgb, body: Rgb): void {
  c.disc(cx, cy, r, ring);
  c.disc(cx, cy - r * 0.25, r * 0.3, body);
  c.disc(cx, cy + r * 0.5, r * 0.45, body);
}

function windowsSignIn(c: Canvas, rng: Rng, host: string): void {
  c.gradient([8, 32, 84], [25, 84, 160], 0.08);
  const clock = clockOf(rng);
  const big = scaleFor(c, 0.12);
  const small = scaleFor(c, 0.035);
  c.text(clock.time, Math.round(c.width * 0.05), Math.round(c.height * 0.7), big, WHITE);
  if (!tiny(c))
    c.text(clock.date, Math.round(c.width * 0.05), Math.round(c.height * 0.7 + big * 9), small, DIM);
  const r = c.height * 0.11;
  const cy = c.height * 0.36;
  avatar(c, c.width / 2, cy, r, [220, 226, 236], [120, 134, 156]);
  c.centeredText(host, c.width / 2, Math.round(cy + r * 1.3), scaleFor(c, 0.045), WHITE);
  if (tiny(c)) return;
  c.centeredText(
    'Press Ctrl+Alt+Delete to sign in.',
    c.width / 2,
    Math.round(cy + r * 1.3 + scaleFor(c, 0.045) * 12),
    small,
    DIM,
  );
}

function macLogin(c: Canvas, rng: Rng, host: string): void {
  c.gradient([78, 52, 132], [226, 128, 90], 0.12);
  const clock = clockOf(rng);
  if (!tiny(c))
    c.centeredText(clock.date, c.width / 2, Math.round(c.height * 0.08), scaleFor(c, 0.035), WHITE);
  c.centeredText(clock.time, c.width / 2, Math.round(c.height * 0.14), scaleFor(c, 0.16), WHITE);
  const r = c.height * 0.07;
  const cy = c.height * 0.72;
  avatar(c, c.width / 2, cy, r, [235, 235, 240], [150, 150, 160]);
  // "Jennifers-MacBook-Pro" belongs to Jennifer.
  const owner = /^([A-Z][a-z]+)s-/.exec(host)?.[1] ?? host;
  if (tiny(c)) return;
  c.centeredText(owner, c.width / 2, Math.round(cy + r * 1.3), scaleFor(c, 0.035), WHITE);
  const bw = c.width * 0.16;
  c.rect(c.width / 2 - bw / 2, cy + r * 1.3 + c.height * 0.06, bw, c.height * 0.045, WHITE, 0.35);
  c.centeredText(
    'Enter Password',
    c.width / 2,
    Math.round(cy + r * 1.3 + c.height * 0.07),
    scaleFor(c, 0.022),
    DIM,
  );
}

function terminal(c: Canvas, lines: ReadonlyArray<readonly [string, Rgb]>, background: Rgb): void {
  c.rect(0, 0, c.width, c.height, background);
  const k = Math.max(1, Math.floor(c.height / 220));
  const lineHeight = 10 * k;
  const top = Math.max(2, Math.round(c.height * 0.02));
  lines.forEach(([text, colour], n) => {
    c.text(text, Math.round(c.width * 0.02), top + n * lineHeight, k, colour);
  });
}

function linuxLogin(c: Canvas, rng: Rng, host: string): void {
  const grey: Rgb = [170, 170, 170];
  const green: Rgb = [80, 220, 100];
  const services = [
    'Started OpenSSH server daemon.',
    'Reached target Multi-User System.',
    'Started Regular background program processing daemon.',
    'Started Lifeboat backup agent.',
    'Finished Record Runlevel Change in UTMP.',
  ];
  const lines: Array<readonly [string, Rgb]> = rng
    .shuffle(services)
    .map((s) => [`[  OK  ] ${s}`, green] as const);
  lines.push(['', grey], [`Ubuntu 22.04.4 LTS ${host} tty1`, grey], ['', grey], [`${host} login: _`, WHITE]);
  terminal(c, lines, [0, 0, 0]);
}

function windowsStop(c: Canvas, rng: Rng): void {
  c.rect(0, 0, c.width, c.height, [0, 120, 215]);
  const x = Math.round(c.width * 0.1);
  c.text(':(', x, Math.round(c.height * 0.16), scaleFor(c, 0.2), WHITE);
  if (tiny(c)) return;
  const body = scaleFor(c, 0.04);
  let y = Math.round(c.height * 0.45);
  for (const line of [
    'Your PC ran into a problem and needs to restart.',
    "We're just collecting some error info,",
    "and then we'll restart for you.",
  ]) {
    c.text(line, x, y, body, WHITE);
    y += body * 10;
  }
  c.text(`${rng.int(0, 100)}% complete`, x, y + body * 4, body, WHITE);
  const small = scaleFor(c, 0.025);
  c.text('Stop code: INACCESSIBLE_BOOT_DEVICE', x, Math.round(c.height * 0.86), small, WHITE);
}

function kernelPanic(c: Canvas, rng: Rng): void {
  const lines: Array<readonly [string, Rgb]> = [
    [`[    ${rng.int(1, 9)}.${rng.int(100000, 999999)}] VFS: Cannot open root device "sda2"`, WHITE],
    ['Please append a correct "root=" boot option; here are the available partitions:', WHITE],
    ['0b00   1048575 sr0  driver: sr', WHITE],
    ['Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)', WHITE],
    ['CPU: 0 PID: 1 Comm: swapper/0 Not tainted 6.8.0-45-generic #45-Ubuntu', WHITE],
    ['Call Trace:', WHITE],
    [' <TASK>', WHITE],
    [' dump_stack_lvl+0x48/0x70', WHITE],
    [' panic+0x33c/0x390', WHITE],
    [' mount_root_generic+0x1d3/0x260', WHITE],
    ['---[ end Kernel panic - not syncing ]---', WHITE],
  ];
  terminal(c, lines, [0, 0, 0]);
}

function macPanic(c: Canvas): void {
  c.rect(0, 0, c.width, c.height, [40, 40, 44]);
  if (tiny(c)) return;
  const s = scaleFor(c, 0.035);
  const y = Math.round(c.height * 0.4);
  c.centeredText('Your computer restarted because of a problem.', c.width / 2, y, s, WHITE);
  c.centeredText(
    'Press a key or wait a few seconds to continue starting up.',
    c.width / 2,
    y + s * 12,
    s,
    DIM,
  );
}

/** A deterministic AutoVerify screenshot as a PNG. */
export function renderScreenshot(seed: number, o: ScreenshotOptions): Buffer {
  const width = Math.max(1, Math.min(4096, Math.round(o.width)));
  const height = Math.max(1, Math.min(4096, Math.round(o.height)));
  const c = new Canvas(width, height);
  const rng = new Rng(seed);
  const os = o.osType.toUpperCase();
  if (os === 'WINDOWS') o.ok ? windowsSignIn(c, rng, o.hostname) : windowsStop(c, rng);
  else if (os === 'MAC_OS_X') o.ok ? macLogin(c, rng, o.hostname) : macPanic(c);
  else if (o.ok) linuxLogin(c, rng, o.hostname);
  else kernelPanic(c, rng);
  return encodePng(width, height, c.pixels);
}
