import { DEPARTMENTS, FIRST_NAMES } from '../generator/names';
import { hash32, Rng } from '../generator/rng';
import type { WorldSystem } from './types';

// The shape of a machine, from its seed: drives or mount points, user profiles, NAS shares.
// The generator uses the same functions for job drives, so a job's drives exist when browsed.

type Kind = Pick<WorldSystem, 'seed' | 'os_type' | 'device_type'>;

/** Windows drive letters, Linux mount points, macOS volume, or NAS share paths. */
export function driveLayout(sys: Kind): string[] {
  const rng = new Rng(hash32(sys.seed, 'drives'));
  if (sys.os_type === 'NAS') return nasShares(sys).map((d) => `/shares/${d}`);
  if (sys.os_type === 'MAC_OS_X') return ['/'];
  if (sys.os_type === 'LINUX')
    return rng.pick([
      ['/', '/boot'],
      ['/', '/boot', '/var'],
      ['/', '/home'],
      ['/', '/boot', '/srv'],
    ]);
  if (sys.device_type === 'server') return rng.pick([['C:'], ['C:', 'D:'], ['C:', 'D:'], ['C:', 'D:', 'E:']]);
  return rng.chance(0.85) ? ['C:'] : ['C:', 'D:'];
}

export function nasShares(sys: Pick<WorldSystem, 'seed'>): string[] {
  const rng = new Rng(hash32(sys.seed, 'shares'));
  const picked = rng.shuffle([...DEPARTMENTS]).slice(0, rng.int(3, 6));
  return [...picked, 'Public'];
}

/** First names of the people with a profile on the machine; a workstation's owner comes first. */
export function profileNames(sys: WorldSystem): string[] {
  const rng = new Rng(hash32(sys.seed, 'profiles'));
  const names: string[] = [];
  // "LT-JSMITH" belongs to someone whose first name starts with J.
  const owner = /^(?:LT|DT|WS)-([A-Z])[A-Z]/.exec(sys.hostname)?.[1];
  const mac = /^([A-Z][a-z]+)s-/.exec(sys.hostname)?.[1];
  if (mac) names.push(mac);
  else if (owner) names.push(rng.pick(FIRST_NAMES.filter((n) => n.startsWith(owner))));
  const extra = sys.device_type === 'server' ? rng.int(1, 3) : rng.int(0, 1);
  for (let k = 0; k < extra; k++) {
    const n = rng.pick(FIRST_NAMES);
    if (!names.includes(n)) names.push(n);
  }
  if (names.length === 0) names.push(rng.pick(FIRST_NAMES));
  return names;
}

/** When the machine was set up: an absolute date in 2018-2022, long before any restore point. */
export function installedAt(sys: Pick<WorldSystem, 'seed'>): number {
  return Date.UTC(2018, 0, 1) + (hash32(sys.seed, 'installed') % (4 * 365)) * 86_400_000;
}
