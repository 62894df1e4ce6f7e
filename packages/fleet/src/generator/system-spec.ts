import {
  AGENTS,
  LINUX_DESKTOP,
  LINUX_SERVER,
  MACOS,
  NAS_OS,
  WINDOWS_DESKTOP,
  WINDOWS_SERVER,
} from './catalog';
import { LINUX_ROLES, SERVER_ROLES } from './names';
import { type HostnameBook, pad2, person, shortCode } from './naming';
import { type ClientPlan, DAY, GB, TB } from './plan-types';
import type { Rng } from './rng';

// What a protected system is, before its history: kind, OS, names, where it backs up to and
// which health story it will tell (the history then makes that story true).

export type DeviceType = 'server' | 'workstation' | 'nas';
export type OsType = 'WINDOWS' | 'LINUX' | 'MAC_OS_X' | 'NAS';
export type Profile = 'healthy' | 'warned' | 'troubled' | 'parked' | 'nodata' | 'unprotected' | 'offline';

export interface SystemSpec {
  gen: 2 | 4;
  deviceType: DeviceType;
  osType: OsType;
  osName: string;
  hostname: string;
  /** Index into the client's appliances, or null (direct-to-cloud or vault-only). */
  applianceIndex: number | null;
  vaultOnly: boolean;
  passwordProtected: boolean;
  agentVersion: string;
  needUpdate: boolean;
  packageName: string;
  licenseName: string;
  intervalMinutes: number;
  profile: Profile;
  protectedBytes: number;
  createdAt: number;
}

const SERVER_INTERVALS: ReadonlyArray<readonly [number, number]> = [
  [60, 35],
  [120, 15],
  [240, 15],
  [360, 10],
  [720, 10],
  [1440, 15],
];
const WORKSTATION_INTERVALS: ReadonlyArray<readonly [number, number]> = [
  [240, 15],
  [480, 15],
  [720, 20],
  [1440, 50],
];
const NAS_INTERVALS: ReadonlyArray<readonly [number, number]> = [
  [720, 40],
  [1440, 60],
];

function hostnameFor(
  rng: Rng,
  book: HostnameBook,
  code: string,
  device: DeviceType,
  os: OsType,
  osName: string,
): string {
  if (device === 'nas') {
    // People name a NAS after its make.
    const make = osName.startsWith('Synology') ? 'SYN' : osName.startsWith('QNAP') ? 'QNAP' : 'NAS';
    return book.take((n) => `${make}${pad2(n)}-${code}`);
  }
  if (os === 'MAC_OS_X') {
    const p = person(rng);
    const model = rng.pick(['MacBook-Pro', 'MacBook-Air', 'iMac', 'Mac-mini', 'Mac-Studio']);
    return book.take((n) => `${p.first}s-${model}${n > 1 ? `-${n}` : ''}`);
  }
  if (device === 'server') {
    if (os === 'LINUX') {
      const role = rng.pick(LINUX_ROLES);
      return book.take((n) => `${role}${pad2(n)}-${code.toLowerCase()}`);
    }
    const role = rng.pick(SERVER_ROLES);
    return book.take((n) => `${role}${pad2(n)}-${code}`);
  }
  if (os === 'LINUX') {
    const p = person(rng);
    return book.take((n) => `${p.first.toLowerCase()}-dev${n > 1 ? n : ''}`);
  }
  if (rng.chance(0.12)) {
    const place = rng.pick(['RECEPTION', 'FRONTDESK', 'LAB', 'SCAN', 'KIOSK', 'BOARDROOM', 'WAREHOUSE']);
    return book.take((n) => `WS-${place}${n > 1 ? pad2(n) : ''}`);
  }
  const p = person(rng);
  const prefix = rng.pick(['LT', 'LT', 'DT', 'WS']);
  // NetBIOS names stop at 15 characters.
  return book.take((n) => `${prefix}-${p.first[0]}${p.last}${n > 1 ? n : ''}`.toUpperCase().slice(0, 15));
}

function profileFor(rng: Rng): Profile {
  return rng.weighted<Profile>([
    ['healthy', 780],
    ['warned', 90],
    ['troubled', 70],
    ['parked', 25],
    ['nodata', 15],
    ['unprotected', 10],
  ]);
}

/** Draws the systems of one client, in a stable order: servers first, as people list them. */
export function drawSystems(
  rng: Rng,
  client: ClientPlan,
  hasPrivateVault: boolean,
  book: HostnameBook,
  now: number,
): SystemSpec[] {
  const code = shortCode(client.name);
  const brcIdx = client.appliances.findIndex((a) => a.brc);
  const x360Idx = client.appliances.findIndex((a) => !a.brc);
  const specs: SystemSpec[] = [];
  for (let k = 0; k < client.systems; k++) {
    const gen: 2 | 4 = client.tools === 'gen2' ? 2 : client.tools === 'gen4' ? 4 : k % 2 === 0 ? 2 : 4;
    let applianceIndex: number | null =
      gen === 2 ? brcIdx : x360Idx >= 0 && !rng.chance(client.d2cShare) ? x360Idx : null;
    if (applianceIndex !== null && applianceIndex < 0) applianceIndex = null;
    const behind = applianceIndex !== null;
    let device: DeviceType;
    let os: OsType;
    if (client.flavour === 'macOnly') {
      device = 'workstation';
      os = 'MAC_OS_X';
    } else {
      // The first system of a client is its main server, as in most small offices.
      // The first system of a client is its main server, as in most small offices; bigger
      // clients also get a Linux box and a NAS so that every kind shows up in a small fleet.
      const forced: DeviceType | null =
        k === 0 && client.systems > 2
          ? 'server'
          : k === 1 && client.systems >= 9
            ? 'server'
            : k === 2 && behind && client.systems >= 8
              ? 'nas'
              : null;
      device =
        forced ??
        rng.weighted<DeviceType>([
          ['server', 32],
          ['workstation', 60],
          ['nas', behind ? 8 : 0],
        ]);
      os =
        device === 'nas'
          ? 'NAS'
          : k === 1 && forced
            ? 'LINUX'
            : gen === 4 && !behind && device === 'workstation' && rng.chance(0.1)
              ? 'MAC_OS_X'
              : rng.chance(device === 'server' ? 0.16 : 0.03)
                ? 'LINUX'
                : 'WINDOWS';
    }
    const osName =
      os === 'NAS'
        ? rng.pick(NAS_OS)
        : os === 'MAC_OS_X'
          ? rng.pick(MACOS)
          : os === 'LINUX'
            ? rng.pick(device === 'server' ? LINUX_SERVER : LINUX_DESKTOP)
            : rng.pick(device === 'server' ? WINDOWS_SERVER : WINDOWS_DESKTOP);
    const agents = gen === 2 ? AGENTS.gen2 : AGENTS.gen4;
    const needUpdate = os !== 'NAS' && rng.chance(0.12);
    const vaultOnly = gen === 4 && !behind && hasPrivateVault && os !== 'MAC_OS_X' && rng.chance(0.08);
    const d2c = gen === 4 && !behind && !vaultOnly;
    let profile = profileFor(rng);
    if (client.flavour === 'noRestorePoints') profile = k === client.systems - 1 ? 'unprotected' : 'nodata';
    else if (behind && client.appliances[applianceIndex as number]?.online === false) profile = 'offline';
    // Most systems predate the 90-day history; a few were added lately, new ones have no data yet.
    const settled = Math.max(client.createdAt, now - 90 * DAY);
    const createdAt =
      profile === 'nodata' || client.flavour === 'noRestorePoints'
        ? Math.max(client.createdAt, now - rng.int(6, 60) * 3_600_000)
        : client.createdAt > now - 90 * DAY || rng.chance(0.08)
          ? rng.int(Math.min(settled, now - 3 * DAY), now - 3 * DAY)
          : rng.int(client.createdAt, now - 91 * DAY);
    const median =
      device === 'nas' ? 3 * TB : device === 'server' ? 400 * GB : os === 'MAC_OS_X' ? 250 * GB : 140 * GB;
    specs.push({
      gen,
      deviceType: device,
      osType: os,
      osName,
      hostname: hostnameFor(rng, book, code, device, os, osName),
      applianceIndex,
      vaultOnly,
      passwordProtected: gen === 4 && rng.chance(0.08),
      agentVersion: os === 'NAS' ? AGENTS.nas : needUpdate ? rng.pick(agents.old) : agents.current,
      needUpdate,
      packageName: packageName(gen, device, d2c),
      licenseName: licenseName(gen, device, d2c, vaultOnly),
      intervalMinutes: rng.weighted(
        device === 'server' ? SERVER_INTERVALS : device === 'nas' ? NAS_INTERVALS : WORKSTATION_INTERVALS,
      ),
      profile,
      protectedBytes: Math.round(Math.min(Math.max(rng.logNormal(median, 0.7), median / 8), median * 12)),
      createdAt,
    });
  }
  return specs;
}

function packageName(gen: number, device: DeviceType, d2c: boolean): string {
  if (gen === 2)
    return device === 'server' ? 'BRC Server' : device === 'nas' ? 'BRC File Share' : 'BRC Workstation';
  if (device === 'nas') return 'NAS Protection';
  if (d2c) return device === 'server' ? 'Direct-to-Cloud Server' : 'Direct-to-Cloud Workstation';
  return device === 'server' ? 'Server Protection' : 'Workstation Protection';
}

function licenseName(gen: number, device: DeviceType, d2c: boolean, vaultOnly: boolean): string {
  const tier = device === 'server' ? 'Server' : device === 'nas' ? 'NAS' : 'Workstation';
  if (gen === 2) return `BRC ${tier} - Standard`;
  if (vaultOnly) return `Private Vault ${tier}`;
  return d2c ? `D2C ${tier} - 1 Year Retention` : `${tier} - Unlimited Retention`;
}
