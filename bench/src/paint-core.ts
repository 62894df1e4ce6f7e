import type { Browser } from 'playwright-core';

// One cold paint of the reseller dashboard, as a new user meets it: a fresh browser context
// (empty HTTP cache, no cookies) opens the sign-in page, types the reseller's name and password
// and presses Sign in; the time runs from that press to the first frame in which every block of
// the dashboard shows its data. Used by `npm run paint` (large fleet, several runs) and by
// paint.test.ts (the demo fleet, once), so a part the dashboard no longer draws fails a test
// instead of a benchmark nobody runs.

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

/**
 * Each block of the dashboard (spec dashboard-device-azure 2.2) and the selector that shows it
 * drawn with data; `tables` counts the three tables that have a first row.
 */
export const DASHBOARD_PARTS = {
  glance: '[data-glance="clients"]',
  health: '[aria-label$="clients are SLA-compliant"]',
  chart: '[data-chart-line]',
  feeds: '[data-feed]',
  tables: '[data-table] [data-row-id]',
} as const;
export type PartName = keyof typeof DASHBOARD_PARTS;
const TABLES = 3;

export interface Call {
  method: string;
  /** Path and query, without the origin. */
  path: string;
  /** ms from the press of Sign in. */
  start: number;
  end: number;
}

export interface Paint {
  /** ms from the press of Sign in to the frame that showed every part. */
  ms: number;
  /** When each part first showed, ms from the press. */
  parts: Partial<Record<PartName, number>>;
  /**
   * The requests the page made after the press, and those still loading at the press (their
   * start is then negative), in the order they started.
   */
  calls: Call[];
}

export class PartsMissing extends Error {
  constructor(
    readonly missing: PartName[],
    timeoutMs: number,
  ) {
    super(
      `The dashboard never drew ${missing.join(', ')} within ${timeoutMs / 1000} s: ` +
        `its selectors (${missing.map((m) => DASHBOARD_PARTS[m]).join(' ; ')}) no longer match.`,
    );
  }
}

// The page's view of the world. This package is built without the DOM types, hence the shapes;
// the functions are passed as functions (not strings) because the console's CSP forbids eval.
interface PageGlobal {
  document: {
    querySelectorAll(s: string): ArrayLike<{ closest(s: string): unknown }>;
    addEventListener(type: string, f: () => void, capture: boolean): void;
  };
  performance: {
    now(): number;
    getEntriesByType(t: string): { name: string; startTime: number; responseEnd: number }[];
  };
  requestAnimationFrame(f: () => void): void;
  __paint?: { pressed: number | null; parts: Record<string, number>; done: number | null };
}

/** Installed before the press: notes the press, then each part's first frame. */
function watch(arg: { parts: Record<string, string>; tables: number }): void {
  const g = globalThis as unknown as PageGlobal;
  const state = {
    pressed: null as number | null,
    parts: {} as Record<string, number>,
    done: null as number | null,
  };
  g.__paint = state;
  const shown = (name: string, sel: string): boolean => {
    const found = g.document.querySelectorAll(sel);
    if (name !== 'tables') return found.length > 0;
    const withRows = new Set<unknown>();
    for (let i = 0; i < found.length; i++) withRows.add(found[i]?.closest('[data-table]'));
    return withRows.size >= arg.tables;
  };
  const tick = () => {
    const now = g.performance.now();
    for (const [name, sel] of Object.entries(arg.parts))
      if (!(name in state.parts) && shown(name, sel)) state.parts[name] = now;
    if (Object.keys(state.parts).length === Object.keys(arg.parts).length) state.done = now;
    else g.requestAnimationFrame(tick);
  };
  g.document.addEventListener(
    'submit',
    () => {
      if (state.pressed !== null) return;
      state.pressed = g.performance.now();
      g.requestAnimationFrame(tick);
    },
    true,
  );
}

export async function paintOnce(
  browser: Browser,
  opts: { baseUrl: string; username: string; password: string; timeoutMs?: number },
): Promise<Paint> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const context = await browser.newContext({ baseURL: opts.baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    // tsx names the functions it compiles with a helper the page lacks; give it one.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    // Each URL's methods in the order its requests started, from the press on.
    const methods = new Map<string, string[]>();
    let pressed = false;
    page.on('request', (r) => {
      if (pressed) methods.set(r.url(), [...(methods.get(r.url()) ?? []), r.method()]);
    });
    await page.goto('/login');
    await page.getByLabel('User name').fill(opts.username);
    await page.getByLabel('Password', { exact: true }).fill(opts.password);
    await page.evaluate(watch, { parts: { ...DASHBOARD_PARTS }, tables: TABLES });
    pressed = true;
    await page.getByRole('button', { name: 'Sign in' }).click();
    try {
      await page.waitForFunction(
        () => (globalThis as unknown as PageGlobal).__paint?.done != null,
        undefined,
        {
          polling: 200,
          timeout: timeoutMs,
        },
      );
    } catch {
      const seen = await page.evaluate(() =>
        Object.keys((globalThis as unknown as PageGlobal).__paint?.parts ?? {}),
      );
      const missing = (Object.keys(DASHBOARD_PARTS) as PartName[]).filter((p) => !seen.includes(p));
      throw new PartsMissing(missing, timeoutMs);
    }
    const result = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobal;
      const p = g.__paint as NonNullable<PageGlobal['__paint']>;
      const t0 = p.pressed ?? 0;
      return {
        ms: (p.done ?? 0) - t0,
        parts: Object.fromEntries(Object.entries(p.parts).map(([k, v]) => [k, v - t0])),
        entries: g.performance
          .getEntriesByType('resource')
          // Also what was still loading at the press (code asked for as the form was filled in).
          .filter((e) => e.startTime >= t0 || e.responseEnd > t0)
          .map((e) => ({ name: e.name, start: e.startTime - t0, end: e.responseEnd - t0 })),
      };
    });
    const calls = result.entries
      .sort((a, b) => a.start - b.start)
      .map((e) => {
        const u = new URL(e.name);
        return {
          method: methods.get(e.name)?.shift() ?? 'GET',
          path: u.pathname + u.search,
          start: e.start,
          end: e.end,
        };
      });
    return { ms: result.ms, parts: result.parts, calls };
  } finally {
    await context.close();
  }
}

/** The calls, one a line: when each started and ended, ms from the press. */
export function formatCalls(calls: Call[]): string {
  return calls
    .map(
      (c) =>
        `${c.start.toFixed(0).padStart(6)} ${c.end.toFixed(0).padStart(6)}  ${c.method.padEnd(4)} ${c.path}`,
    )
    .join('\n');
}

/** Whether a request fetched the app's code or styles (Vite's hashed files under /assets/). */
export const isAsset = (c: Call): boolean => c.path.startsWith('/assets/');

/**
 * The requests the dashboard's parts are drawn from: the sign-in, the app's code and styles, and
 * the dashboard's own calls (page data, cards, feeds, tables and their counts). Other requests
 * of the page (the shell's, the feeds' activity panels, AutoVerify thumbnails) are left out.
 */
const PART_CALL =
  /^\/(api\/session$|assets\/|reseller\/(get_dashboard_page_data|get_quick_actions_data|get_organization_at_a_glance_data|get_current_client_health|get_protected_system_health_history|get_collapsible_feeds)\/|reseller\/dashboard\/)/;

/**
 * The rounds on the way to the paint: the longest chain of the parts' requests (PART_CALL) that
 * ended by the paint, each started after the one before it ended (`all`), and the same among
 * the data calls alone (`data`). Unlike the times, these counts hardly move with the load.
 */
export function roundTrips(calls: Call[], paintMs: number): { all: number; data: number } {
  const chain = (list: Call[]): number => {
    const sorted = list
      .filter((c) => c.end <= paintMs && PART_CALL.test(c.path))
      .sort((a, b) => a.end - b.end);
    const depth: number[] = [];
    sorted.forEach((c, i) => {
      let before = 0;
      for (let j = 0; j < i; j++)
        if ((sorted[j] as Call).end <= c.start) before = Math.max(before, depth[j] ?? 0);
      depth.push(before + 1);
    });
    return Math.max(0, ...depth);
  };
  return { all: chain(calls), data: chain(calls.filter((c) => !isAsset(c))) };
}
