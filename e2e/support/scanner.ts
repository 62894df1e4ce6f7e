import type { Locator, Page } from 'playwright-core';
import { type AxeFinding, accessibilityFindings } from './axe';
import { settled } from './browser';

// The accessibility walk's moves (issue 18.20): open a page or a dialog the way a person would,
// wait until it has settled, and scan it with axe. One signed-in page per user, moving inside
// the app as its links do, so axe is put into the page once and nothing reloads.

export interface Finding extends AxeFinding {
  where: string;
}

const LOADING =
  '[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root, [data-loading="true"]';

/** Nothing is still loading (skeletons, spinners, tables fetching) or fading in. */
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction((sel) => document.querySelectorAll(sel).length === 0, LOADING, {
    timeout: 30_000,
    polling: 50,
  });
  // A dialog or menu half faded in has colours axe would misjudge.
  await settled(page);
}

/** The element and everything around it are fully opaque (its transition in has ended). */
async function opaque(target: Locator): Promise<void> {
  await target.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const check = () => {
          for (let e: Element | null = el; e; e = e.parentElement)
            if (Number(getComputedStyle(e).opacity) < 1) return void requestAnimationFrame(check);
          resolve();
        };
        check();
      }),
  );
}

// Every page names itself in the document title (PageHeader, WCAG 2.4.2), and the router's
// ScrollRestoration scrolls to the top once it has drawn a new address. The walk blanks the title
// and notes that scroll before it moves: either one means the next page is on screen (two pages
// in a row with one title, such as two 'No access' pages, only show the second).
const MOVING = 'moving';
type WalkWindow = Window & { walkArrived?: boolean };

export class Scanner {
  readonly findings: Finding[] = [];
  readonly scanned: string[] = [];

  constructor(readonly page: Page) {}

  /** Scans the page, or only `within` (a dialog or menu over a page already scanned whole). */
  async scan(where: string, within?: Locator): Promise<void> {
    this.scanned.push(where);
    for (const f of await accessibilityFindings(this.page, within)) this.findings.push({ ...f, where });
    if (within) return;
    const h1 = await this.page.locator('h1:visible').count();
    if (h1 !== 1)
      this.findings.push({ id: 'one-h1', impact: '', help: `${h1} h1 elements`, targets: [], where });
  }

  /** Moves to `path` inside the app (as its links do: history and the router, no reload). */
  async go(path: string): Promise<void> {
    const { page } = this;
    if (new URL(page.url()).pathname === path) return;
    await page.evaluate(
      ([to, moving]) => {
        const w = window as WalkWindow;
        if (!('walkArrived' in w)) {
          const scrollTo = w.scrollTo.bind(w) as (x: number, y: number) => void;
          w.scrollTo = ((x: number, y: number) => {
            w.walkArrived = true;
            scrollTo(x, y);
          }) as typeof w.scrollTo;
        }
        w.walkArrived = false;
        document.title = moving;
        const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
        history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      },
      [path, MOVING] as const,
    );
    await page
      .waitForFunction((moving) => document.title !== moving || (window as WalkWindow).walkArrived, MOVING)
      .catch((e: Error) => {
        throw new Error(`${path} was not drawn: ${e.message}`);
      });
  }

  /** Opens a page by its address, waits for its heading and data, and scans it. */
  async visit(path: string): Promise<void> {
    await this.go(path);
    // A page without its h1 is a finding (scan counts them), not a crash of the walk.
    await this.page
      .locator('main h1')
      .first()
      .waitFor()
      .catch(() => undefined);
    await loaded(this.page);
    await this.scan(path);
  }

  /** Clicks `opener`, scans the dialog it opens, and closes it with Escape (a cancel). */
  async dialog(where: string, opener: Locator): Promise<void> {
    await opener.click();
    const dialog = this.page.getByRole('dialog').last();
    await dialog.waitFor();
    await opaque(dialog);
    await loaded(this.page);
    await this.scan(where, dialog);
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('dialog').first().waitFor({ state: 'detached' });
  }

  /** Every dialog button of this list the page shows, opened and cancelled. */
  async dialogs(where: string, names: readonly string[]): Promise<void> {
    for (const name of names) {
      const button = this.page.getByRole('button', { name, exact: true });
      if ((await button.count()) === 0 || !(await button.first().isEnabled())) continue;
      await this.dialog(`${where} · ${name}`, button.first());
    }
  }

  /** The first row's actions menu, then each of its dialog items (edit, delete) opened and cancelled. */
  async rowMenu(where: string): Promise<void> {
    const actions = this.page.getByRole('button', { name: /^Actions for / });
    if ((await actions.count()) === 0) return;
    await actions.first().click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    await opaque(menu);
    await loaded(this.page);
    await this.scan(`${where} · row menu`, menu);
    const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
    await this.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    for (const item of items.filter((t) => /^(Edit|Delete|Reset MFA)/.test(t))) {
      await actions.first().click();
      await this.dialog(`${where} · ${item}`, this.page.getByRole('menuitem', { name: item, exact: true }));
    }
  }

  /** Each further tab of a tab list, chosen and scanned (the page around it changes with it). */
  async tabs(where: string, dialogButtons: readonly string[]): Promise<void> {
    const names = (await this.page.getByRole('tab').allInnerTexts()).map((t) => t.trim());
    for (const name of names.slice(1)) {
      const tab = this.page.getByRole('tab', { name, exact: true });
      await tab.click();
      await this.page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
      await loaded(this.page);
      await this.scan(`${where} · ${name}`);
      await this.dialogs(`${where} · ${name}`, dialogButtons);
    }
  }

  /** The first link on the page whose address starts with `prefix`. */
  async firstLink(prefix: string): Promise<string | null> {
    const link = this.page.locator(`a[href^="${prefix}"]`);
    return (await link.count()) > 0 ? link.first().getAttribute('href') : null;
  }
}
