import type { SampledSystem } from './sample';

// The calls of a mixed load (`npm run mixed -w @lifeboat/bench`): every dashboard, device,
// inventory and entity-table call, each asked with ids, filters, searches and pages drawn at
// random, so two requests rarely ask the same thing and no answer can be reused.

export type SessionName = 'staff' | 'reseller' | 'client';

export interface MixSession {
  name: SessionName;
  /** The systems this session may name (staff: all over the fleet). */
  systems: SampledSystem[];
}

export interface MixRequest {
  /** The call, as its path template: the table's row. */
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
}

export interface Draw {
  random: () => number;
  session: MixSession;
  /** A random system of the session. */
  system: () => SampledSystem;
  /** Organisation names, for prefix searches. */
  orgNames: string[];
}

interface CallKind {
  label: string;
  /** Sessions that may make this call (their answers are 2xx). */
  who: SessionName[];
  /** Null when this session has no system fit for the call (another is drawn). */
  make(d: Draw): Omit<MixRequest, 'label'> | null;
}

/** A small, fast, seedable generator (mulberry32): the same seed gives the same mix. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => {
  if (list.length === 0) throw new Error('Nothing to pick from.');
  return list[Math.floor(random() * list.length)] as T;
};

const int = (random: () => number, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** 2 to 4 letters from anywhere in the name, often the middle ("%rve%"). */
export function substringOf(random: () => number, name: string): string {
  const s = name.toLowerCase();
  const len = Math.min(s.length, int(random, 2, 4));
  const at = int(random, 0, Math.max(0, s.length - len));
  return s.slice(at, at + len).trim() || s.slice(0, 1);
}

/** The first 1 to 4 letters of the name (a person starting to type). */
export function prefixOf(random: () => number, name: string): string {
  return (
    name
      .toLowerCase()
      .slice(0, int(random, 1, 4))
      .trim() || name.slice(0, 1)
  );
}

/** 3 to 5 letters from anywhere in the name: a search the substring index answers (issue 18.12). */
export function partOf(random: () => number, name: string): string {
  const s = name.toLowerCase();
  const len = Math.min(s.length, int(random, 3, 5));
  return s.slice(int(random, 0, Math.max(0, s.length - len))).slice(0, len);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const HEALTH = ['TROUBLED', 'WARNED', 'NORMAL', 'NODATA', 'UNPROTECTED', 'PARKED'];
const subset = (random: () => number, values: readonly string[]) => {
  const out = values.filter(() => random() < 0.4);
  return out.length ? out : [pick(random, values)];
};

/** A dashboard table body: no filter, or one or two of the table's filters; a search or none. */
function tableBody(d: Draw, table: string, owner: 'reseller' | 'client', names: string[]): string {
  const r = d.random;
  const filters: Record<string, string[]> = {};
  if (r() < 0.5) filters.health_status = subset(r, HEALTH);
  if (table === 'protected_systems') {
    if (r() < 0.3) filters.device_type = subset(r, ['server', 'workstation', 'nas']);
    if (owner === 'reseller' && r() < 0.2) filters.client_id = [String(d.system().clientId)];
  }
  if (table === 'appliances' && r() < 0.3)
    filters.license_type = subset(r, ['storage', 'endpoint', 'bdr_bundle']);
  if (table === 'vaults' && r() < 0.3) filters.vault_type = subset(r, ['cloud', 'private']);
  const search = r() < 0.6 && names.length ? substringOf(r, pick(r, names)) : '';
  return form({ filters: JSON.stringify(filters), search: JSON.stringify(search) });
}

const formBody = (body: string) => ({ body, contentType: 'application/x-www-form-urlencoded' });
const jsonBody = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' });

const STAFF_RESELLER: SessionName[] = ['staff', 'reseller'];
const EVERYONE: SessionName[] = ['staff', 'reseller', 'client'];

/** The reseller a call names: the system's, so staff calls spread over many resellers. */
const resellerOf = (d: Draw) => d.system().resellerId;

const DEVICE_CARDS = [
  'get_device_alert',
  'get_device_details_info',
  'get_device_autoverify_info',
  'get_last_autoverify_data',
  'get_device_health_history',
  'job_history_details',
  'get_device_protection_summary_data',
  'get_geo_summary',
  'get_local_cache_summary',
  'get_local_storage_summary',
  'get_lifeboat_cloud_storage_summary',
  'get_private_cloud_storage_summary',
  'get_device_details_data',
  'get_device_actions',
];

const dashboardGets = [
  'get_dashboard_page_data',
  'get_quick_actions_data',
  'get_organization_at_a_glance_data',
  'get_current_client_health',
  'get_protected_system_health_history',
  'get_collapsible_feeds',
].map(
  (name): CallKind => ({
    label: `GET /reseller/${name}/:id`,
    who: STAFF_RESELLER,
    make: (d) => ({ method: 'GET', path: `/reseller/${name}/${resellerOf(d)}` }),
  }),
);

const TABLES = ['protected_systems', 'appliances', 'vaults'] as const;

const dashboardTables: CallKind[] = TABLES.flatMap((table) => [
  {
    label: `POST /reseller/dashboard/${table}/:id/:page/:rows`,
    who: STAFF_RESELLER,
    make: (d) => {
      const s = d.system();
      const names = d.session.systems.filter((x) => x.resellerId === s.resellerId).map((x) => x.name);
      return {
        method: 'POST',
        path: `/reseller/dashboard/${table}/${s.resellerId}/${int(d.random, 1, 3)}/${pick(d.random, [10, 25])}`,
        ...formBody(
          tableBody(d, table, 'reseller', table === 'protected_systems' ? names : ['a', 'e', 'o', 'in']),
        ),
      };
    },
  },
  {
    label: `GET /reseller/dashboard/${table}/count/:id`,
    who: STAFF_RESELLER,
    make: (d) => ({ method: 'GET', path: `/reseller/dashboard/${table}/count/${resellerOf(d)}` }),
  },
]);

const clientDashboard: CallKind[] = [
  {
    label: 'GET /client/get_dashboard_page_data/:id',
    who: EVERYONE,
    make: (d) => ({ method: 'GET', path: `/client/get_dashboard_page_data/${d.system().clientId}` }),
  },
  {
    label: 'POST /client/dashboard/protected_systems/:id/:page/:rows',
    who: EVERYONE,
    make: (d) => {
      const s = d.system();
      const names = d.session.systems.filter((x) => x.clientId === s.clientId).map((x) => x.name);
      return {
        method: 'POST',
        path: `/client/dashboard/protected_systems/${s.clientId}/1/${pick(d.random, [10, 25])}`,
        ...formBody(tableBody(d, 'protected_systems', 'client', names)),
      };
    },
  },
  {
    label: 'GET /reseller/dashboard/filter_values/protected_systems/client_id/:id',
    who: STAFF_RESELLER,
    make: (d) => ({
      method: 'GET',
      path: `/reseller/dashboard/filter_values/protected_systems/client_id/${resellerOf(d)}`,
    }),
  },
  {
    label: 'GET /reseller/get_ps_autoverify_thumbnail/:id/:psId/:lastRp',
    who: STAFF_RESELLER,
    make: (d) => {
      const s = withVerify(d);
      return s?.verify
        ? {
            method: 'GET',
            path: `/reseller/get_ps_autoverify_thumbnail/${s.resellerId}/${s.id}/${s.verify[1]}`,
          }
        : null;
    },
  },
];

/** A system of the session with an AutoVerify screenshot (a few tries, then none). */
function withVerify(d: Draw): SampledSystem | null {
  for (let i = 0; i < 20; i++) {
    const s = d.system();
    if (s.verify && s.deviceType !== 'nas') return s;
  }
  return null;
}

const deviceCalls: CallKind[] = [
  ...DEVICE_CARDS.map(
    (card): CallKind => ({
      label: `GET /device/${card}/:id`,
      who: EVERYONE,
      make: (d) => ({ method: 'GET', path: `/device/${card}/${d.system().id}` }),
    }),
  ),
  {
    label: 'GET /device/get_device_alert_thresholds/(:applianceId/4/):id',
    who: EVERYONE,
    make: (d) => {
      const s = d.system();
      return {
        method: 'GET',
        path:
          s.applianceId === null
            ? `/device/get_device_alert_thresholds/${s.id}`
            : `/device/get_device_alert_thresholds/${s.applianceId}/4/${s.id}`,
      };
    },
  },
  {
    label: 'GET /device/job_history/:id/:page/:rows',
    who: EVERYONE,
    make: (d) => ({
      method: 'GET',
      path: `/device/job_history/${d.system().id}/${int(d.random, 1, 5)}/${pick(d.random, [10, 25, 50])}`,
    }),
  },
  {
    label: 'GET /job/get_job_health_history?device_id=',
    who: EVERYONE,
    make: (d) => ({ method: 'GET', path: `/job/get_job_health_history?device_id=${d.system().id}` }),
  },
  {
    label: 'GET /device/get_rps_in_use/:id',
    who: EVERYONE,
    make: (d) => ({ method: 'GET', path: `/device/get_rps_in_use/${d.system().id}` }),
  },
  {
    label: 'GET /image/last_autoverify_thumbnail/:params',
    who: EVERYONE,
    make: (d) => {
      const s = withVerify(d);
      return s?.verify
        ? { method: 'GET', path: `/image/last_autoverify_thumbnail/${s.id}-${s.verify[0]}` }
        : null;
    },
  },
];

const INVENTORY_TYPES = ['PROTECTED', 'SERVER', 'WORKSTATION', 'NAS', 'VIRTUALIZED', 'VAULT_VIRTUALIZED'];

/** The inventory's narrowing: the session's own scope, a reseller, or a client. */
function inventoryScope(d: Draw): string {
  const s = d.system();
  const r = d.random();
  if (d.session.name === 'client') return '';
  if (r < 0.2 && d.session.name === 'staff') return '';
  return r < 0.6 ? `reseller_id=${s.resellerId}` : `client_id=${s.clientId}`;
}

const query = (...parts: string[]) => {
  const q = parts.filter(Boolean).join('&');
  return q ? `?${q}` : '';
};

const inventoryCalls: CallKind[] = [
  {
    label: 'GET /devices/inventory',
    who: EVERYONE,
    make: (d) => ({ method: 'GET', path: `/devices/inventory${query(inventoryScope(d))}` }),
  },
  {
    label: 'GET /devices/inventory/:type',
    who: EVERYONE,
    make: (d) => {
      const search =
        d.random() < 0.5 ? `search=${encodeURIComponent(prefixOf(d.random, d.system().name))}` : '';
      return {
        method: 'GET',
        path: `/devices/inventory/${pick(d.random, INVENTORY_TYPES)}${query(inventoryScope(d), search)}`,
      };
    },
  },
  {
    // Any part of a system's name (issue 18 point 12), through the substring index.
    label: 'GET /devices/inventory/:type?search=<part>',
    who: EVERYONE,
    make: (d) => {
      const search = `search=${encodeURIComponent(partOf(d.random, d.system().name))}`;
      return {
        method: 'GET',
        path: `/devices/inventory/${pick(d.random, INVENTORY_TYPES)}${query(inventoryScope(d), search)}`,
      };
    },
  },
  {
    label: 'GET /device/device_summary/1',
    who: EVERYONE,
    make: (d) => ({ method: 'GET', path: `/device/device_summary/1${query(inventoryScope(d))}` }),
  },
  {
    label: 'GET /device/vault_virtualized_device_summary',
    who: EVERYONE,
    make: (d) => ({
      method: 'GET',
      path: `/device/vault_virtualized_device_summary${query(inventoryScope(d))}`,
    }),
  },
];

/** POST /{entity}/data with a page, a size, a prefix search or a filter, all drawn. */
function entityCall(
  entity: string,
  who: SessionName[],
  extra?: (d: Draw) => Record<string, unknown>,
): CallKind {
  return {
    label: `POST /${entity}/data`,
    who,
    make: (d) => {
      const r = d.random;
      const search = r() < 0.5 ? prefixOf(r, pick(r, d.orgNames)) : '';
      return {
        method: 'POST',
        path: `/${entity}/data`,
        ...jsonBody({
          page: search ? 1 : int(r, 1, 4),
          rows: pick(r, [10, 25, 50]),
          search,
          ...(extra ? extra(d) : {}),
        }),
      };
    },
  };
}

const entityCalls: CallKind[] = [
  entityCall('distributor', ['staff']),
  entityCall('reseller', ['staff']),
  entityCall('client', STAFF_RESELLER, (d) => ({
    ...(d.session.name === 'staff' && d.random() < 0.5 ? { reseller_id: resellerOf(d) } : {}),
    ...(d.random() < 0.3 ? { health_status: pick(d.random, HEALTH) } : {}),
  })),
  entityCall('appliance', STAFF_RESELLER, (d) =>
    d.session.name === 'staff' && d.random() < 0.5 ? { reseller_id: resellerOf(d) } : {},
  ),
  entityCall('vault', STAFF_RESELLER),
  entityCall('user', STAFF_RESELLER),
  entityCall('license', STAFF_RESELLER),
  entityCall('admin_user', ['staff']),
  entityCall('support_appliance', ['staff']),
  // Any part of a client's name (issue 18 point 12), through the substring index.
  {
    label: 'POST /client/data search=<part>',
    who: STAFF_RESELLER,
    make: (d) => ({
      method: 'POST',
      path: '/client/data',
      ...jsonBody({ page: 1, rows: 25, search: partOf(d.random, pick(d.random, d.orgNames)) }),
    }),
  },
];

export const MIX: CallKind[] = [
  ...dashboardGets,
  ...dashboardTables,
  ...clientDashboard,
  ...deviceCalls,
  ...inventoryCalls,
  ...entityCalls,
];

/** The next request of the mix: a call (each as likely), a session that may make it, its ids. */
export function nextRequest(
  random: () => number,
  sessions: MixSession[],
  orgNames: string[],
): MixRequest & { session: SessionName } {
  for (;;) {
    const call = pick(random, MIX);
    const allowed = sessions.filter((s) => call.who.includes(s.name) && s.systems.length > 0);
    if (allowed.length === 0) continue;
    const session = pick(random, allowed);
    const draw: Draw = { random, session, system: () => pick(random, session.systems), orgNames };
    const req = call.make(draw);
    if (req) return { label: call.label, ...req, session: session.name };
  }
}
