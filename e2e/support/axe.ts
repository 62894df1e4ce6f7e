import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

// axe-core itself, from the copy @axe-core/playwright depends on. The builder of that package
// evaluates this 580 KB script twice and opens a blank tab for every scan (1 to 3 s each); put
// into the page once and run there, a scan takes a third of that, which keeps the accessibility
// walk (issue 18.20) inside the browser suite's time.
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

const OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
  // The only frame in the app is the report's PDF preview, which axe cannot read.
  iframes: false,
};

type AxeWindow = Window & {
  axe: { run: (context: Node, options: unknown) => Promise<{ violations: AxeViolation[] }> };
};

/** axe's violations on the page, or only inside `within` (a dialog or menu on top of a page). */
async function violations(page: Page, within?: Locator): Promise<AxeViolation[]> {
  // A page keeps axe until it loads another document; the app navigates without one.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const element = within ? await within.elementHandle() : null;
  return page.evaluate(
    async ([el, options]) => {
      const { violations } = await (window as unknown as AxeWindow).axe.run(el ?? document, options);
      return violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    [element, OPTIONS] as const,
  );
}

function findings(list: AxeViolation[], keep: (v: AxeViolation) => boolean): AxeFinding[] {
  return list.filter(keep).map((v) => ({
    id: v.id,
    impact: v.impact ?? '',
    help: v.help,
    // The element and what is wrong with it (for contrast: both colours and the ratio).
    targets: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  }));
}

const serious = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';

/** Runs axe on the page and returns its serious and critical findings. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  return findings(await violations(page), serious);
}

/**
 * What the accessibility walk fails on (issue 18.20): axe's serious and critical findings, its
 * heading-order rule (moderate, so not in the list above) and its one-main-heading rule; on the
 * page, or only inside `within` once the page under it was scanned.
 */
export async function accessibilityFindings(page: Page, within?: Locator): Promise<AxeFinding[]> {
  return findings(
    await violations(page, within),
    (v) => serious(v) || v.id === 'heading-order' || v.id === 'page-has-heading-one',
  );
}
