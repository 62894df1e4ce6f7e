import { hash32, Rng } from '../generator/rng';
import type { WorldSystem } from './types';
import { fileName, fileSize, type Theme } from './vocab';

// The building blocks of a machine's file tree. Nothing is stored: every folder's children are
// a pure function of the system's seed, the folder's path and (only as a filter) the restore
// point time. Files appear in the week they were saved, so a later point shows a superset.

export const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** 1970-01-05 was a Monday: weeks start on Mondays. */
const MONDAY = 4 * DAY;

export interface Node {
  name: string;
  type: 'file' | 'folder';
  size: number;
  modifiedAt: number;
  /** Folders: which generator lists the children, and its argument. */
  kind?: string;
  param?: string;
  /** Small files with known text (configuration files): the exact content. */
  text?: string;
}

export interface TreeCtx {
  sys: WorldSystem;
  rp: number;
  installed: number;
  profiles: string[];
}

/** Lists a folder's children; `path` holds the canonical names from the root. */
export type ChildrenFn = (ctx: TreeCtx, path: readonly string[], param: string) => Node[];

export const keyOf = (path: readonly string[]): string => path.join('/').toLowerCase();

export function rngFor(ctx: TreeCtx, ...parts: ReadonlyArray<string | number>): Rng {
  return new Rng(hash32(ctx.sys.seed, ...parts));
}

export function folder(name: string, kind: string, modifiedAt: number, param = ''): Node {
  return { name, type: 'folder', size: 0, modifiedAt, kind, param };
}

/** A folder people work in: touched within the last days before the point. */
export function liveFolder(
  ctx: TreeCtx,
  path: readonly string[],
  name: string,
  kind: string,
  param = '',
): Node {
  const lag = hash32(ctx.sys.seed, keyOf(path), name, Math.floor(ctx.rp / DAY)) % (3 * DAY);
  return folder(name, kind, Math.max(ctx.installed, ctx.rp - lag), param);
}

/** A file installed with the machine (or an update), with a stable size and date. */
export function installedFile(ctx: TreeCtx, path: readonly string[], name: string, lateDays = 900): Node {
  const rng = rngFor(ctx, 'inst', keyOf(path), name);
  const size = fileSize(rng, name);
  return {
    name,
    type: 'file',
    size,
    modifiedAt: ctx.installed + rng.int(0, lateDays) * DAY + rng.int(0, DAY),
  };
}

export function textFile(name: string, text: string, modifiedAt: number): Node {
  return { name, type: 'file', size: Buffer.byteLength(text), modifiedAt, text };
}

export function installedFiles(ctx: TreeCtx, path: readonly string[], names: string): Node[] {
  return names.split('|').map((n) => installedFile(ctx, path, n));
}

export interface WeeklyOptions {
  theme: Theme;
  /** Average files saved per week. */
  perWeek: number;
  /** Nothing before this (a year folder starts in January). */
  from?: number;
  /** Nothing after this (a year folder ends in December). */
  to?: number;
  /** Keep at most this many, newest first. */
  cap?: number;
  weeksBack?: number;
}

/**
 * Files saved week by week. Each week's files come from (seed, folder, week) alone, so they do
 * not change between restore points; the point only hides what was saved after it. A name saved
 * again later keeps its newest version.
 */
export function weeklyFiles(ctx: TreeCtx, path: readonly string[], o: WeeklyOptions): Node[] {
  const key = keyOf(path);
  const to = Math.min(ctx.rp, o.to ?? ctx.rp);
  const from = Math.max(ctx.installed, o.from ?? 0, to - (o.weeksBack ?? 156) * WEEK);
  const cap = o.cap ?? 250;
  const seen = new Set<string>();
  const out: Node[] = [];
  for (let w = Math.floor((to - MONDAY) / WEEK); w * WEEK + MONDAY + WEEK > from && out.length < cap; w--) {
    const rng = rngFor(ctx, 'week', key, w);
    const count = Math.floor(o.perWeek * 2 * rng.float() + rng.float());
    const week: Node[] = [];
    for (let k = 0; k < count; k++) {
      // Working hours, Monday to Friday.
      const at =
        w * WEEK + MONDAY + rng.int(0, 4) * DAY + rng.int(8 * 60, 18 * 60) * 60_000 + rng.int(0, 59_999);
      const name = fileName(rng, o.theme, at);
      const size = fileSize(rng, name);
      if (at > to || at < from) continue;
      week.push({ name, type: 'file', size, modifiedAt: at });
    }
    week.sort((a, b) => b.modifiedAt - a.modifiedAt);
    for (const f of week) {
      const id = f.name.toLowerCase();
      if (seen.has(id) || out.length >= cap) continue;
      seen.add(id);
      out.push(f);
    }
  }
  return out;
}

/** Calendar-year folders from the machine's install (at most five) up to the point's year. */
export function yearFolders(ctx: TreeCtx, path: readonly string[], kind: string, param: string): Node[] {
  const last = new Date(ctx.rp).getUTCFullYear();
  const first = Math.max(new Date(ctx.installed).getUTCFullYear(), last - 4);
  const out: Node[] = [];
  for (let y = first; y <= last; y++) {
    const end = Date.UTC(y + 1, 0, 1) - 1;
    out.push(
      y === last
        ? liveFolder(ctx, path, String(y), kind, param)
        : folder(String(y), kind, end - (hash32(ctx.sys.seed, y) % (9 * DAY)), param),
    );
  }
  return out;
}
