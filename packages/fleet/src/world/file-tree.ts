import { installedAt, profileNames } from './layout';
import type { ChildrenFn, Node, TreeCtx } from './tree-core';
import type { FileEntry, WorldSystem } from './types';
import { UNIX_KINDS } from './unix';
import { WINDOWS_KINDS } from './windows';

// Restore points' file trees, generated on demand from the system's seed, kind and hostname and
// the point's time (never stored). Paths use '/' or '\'; Windows paths start with a drive
// ("C:/Users/Sarah" or "C:\Users\Sarah"), the others at "/". Root is "" or "/".

const KINDS: Record<string, ChildrenFn> = { ...WINDOWS_KINDS, ...UNIX_KINDS };
/** A folder never lists more than this (the generators stay below it; this is the guarantee). */
export const MAX_ENTRIES = 300;

const ROOTS: Record<string, string> = {
  WINDOWS: 'win-root',
  LINUX: 'lx-root',
  MAC_OS_X: 'mac-root',
  NAS: 'nas-root',
};

export function splitPath(path: string): string[] {
  return path.split(/[\\/]+/).filter((s) => s.length > 0 && s !== '.');
}

function context(sys: WorldSystem, rp: number): TreeCtx {
  return { sys, rp, installed: installedAt(sys), profiles: profileNames(sys) };
}

function byName(a: Node, b: Node): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : 1;
}

/** The visible children: nothing newer than the point, folders first, bounded. */
function childrenOf(ctx: TreeCtx, path: readonly string[], node: Node): Node[] {
  const fn = KINDS[node.kind ?? ''];
  if (!fn) return [];
  const seen = new Set<string>();
  const out: Node[] = [];
  for (const child of fn(ctx, path, node.param ?? '')) {
    const id = child.name.toLowerCase();
    if (child.modifiedAt > ctx.rp || seen.has(id)) continue;
    seen.add(id);
    out.push(child);
  }
  return out.sort(byName).slice(0, MAX_ENTRIES);
}

interface Resolved {
  node: Node;
  path: string[];
}

function resolve(sys: WorldSystem, rp: number, path: string): { ctx: TreeCtx; found: Resolved | null } {
  const ctx = context(sys, rp);
  const root: Node = {
    name: '',
    type: 'folder',
    size: 0,
    modifiedAt: ctx.installed,
    kind: ROOTS[sys.os_type] ?? 'lx-root',
  };
  const caseless = sys.os_type !== 'LINUX';
  let cur: Resolved = { node: root, path: [] };
  for (const segment of splitPath(path)) {
    if (cur.node.type !== 'folder') return { ctx, found: null };
    const want = caseless ? segment.toLowerCase() : segment;
    const next = childrenOf(ctx, cur.path, cur.node).find(
      (c) => (caseless ? c.name.toLowerCase() : c.name) === want,
    );
    if (!next) return { ctx, found: null };
    cur = { node: next, path: [...cur.path, next.name] };
  }
  return { ctx, found: cur };
}

const entry = (n: Node): FileEntry => ({
  name: n.name,
  type: n.type,
  size: n.size,
  modifiedAt: n.modifiedAt,
});

/** A folder's entries at the restore point; null when the path is not a folder there. */
export function listDirectory(system: WorldSystem, rpTakenAt: number, path: string): FileEntry[] | null {
  const { ctx, found } = resolve(system, rpTakenAt, path);
  if (found?.node.type !== 'folder') return null;
  return childrenOf(ctx, found.path, found.node).map(entry);
}

/** One entry (the root is a nameless folder); null when nothing is at the path. */
export function statPath(system: WorldSystem, rpTakenAt: number, path: string): FileEntry | null {
  const { found } = resolve(system, rpTakenAt, path);
  return found ? entry(found.node) : null;
}

/** The canonical path and node of a file, for the content generator. */
export function resolveFile(
  system: WorldSystem,
  rpTakenAt: number,
  path: string,
): { path: string[]; node: Node } | null {
  const { found } = resolve(system, rpTakenAt, path);
  return found && found.node.type === 'file' ? found : null;
}
