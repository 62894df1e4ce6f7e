import { z } from 'zod';
import { TABLE_SEARCH_MAX } from './constants';
import { HEALTH, ORG_KINDS, VAULT_TYPES } from './enums';

// Generic entity tables and edit dialogs (spec: inventory-reports-exports-security 2 'Generic
// entity tables', 5, 7 `POST /{entity}/data` and `POST /api/v1/object/{entity}/save`). The spec
// does not show the table's request and answer; ours are in docs/decisions.md 'Entities'.

/** The tables served by `POST /{entity}/data`. */
export const ENTITY_TABLES = [
  'distributor',
  'reseller',
  'client',
  'appliance',
  'vault',
  'user',
  'license',
  'admin_user',
  'support_appliance',
] as const;
export type EntityTable = (typeof ENTITY_TABLES)[number];

/** Rows per page a table offers; the first is the default. */
export const ENTITY_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Counts stop here: the table shows "1,000+" rather than counting the whole platform. */
export const ENTITY_COUNT_CAP = 1000;
/** The search box waits this long after the last keystroke (spec: 9 'Table search'). */
export const TABLE_SEARCH_DEBOUNCE_MS = 500;

// spec 5: entity edit inputs drop characters other than letters, digits, whitespace and these.
const DROPPED = /[^\p{L}\p{N}\s_@.\-~!#$%^&*()+=|/'"]/gu;

/** Drop the characters an entity edit input does not accept (spec: 5 'Entity edit inputs'). */
export function sanitizeEntityInput(value: string): string {
  return value.replace(DROPPED, '');
}

const intLike = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalId = z
  .union([z.literal(''), intLike(1, Number.MAX_SAFE_INTEGER)])
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v));

/** The request of every table: paging, search and the filters some tables know. */
export const entityListRequest = z.object({
  page: intLike(1, 100_000).default(1),
  rows: z.coerce
    .number()
    .int()
    .refine((n) => (ENTITY_PAGE_SIZES as readonly number[]).includes(n), 'Choose 10, 25, 50 or 100 rows.')
    .default(ENTITY_PAGE_SIZES[0]),
  search: z.string().max(TABLE_SEARCH_MAX, `Search for at most ${TABLE_SEARCH_MAX} characters.`).default(''),
  reseller_id: optionalId,
  client_id: optionalId,
  health_status: z
    .enum(HEALTH)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  level: z
    .union([z.literal(''), intLike(0, 3)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  status: z.enum(['', 'online', 'offline', 'enabled', 'disabled']).optional(),
});
export type EntityListRequest = z.input<typeof entityListRequest>;
export type EntityListParams = z.output<typeof entityListRequest>;

/** What a row allows; the table shows only the actions whose flag is set (spec: 6). */
const rowFlags = {
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_details: z.boolean(),
  can_support: z.boolean(),
};

export const distributorRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  resellers: z.number(),
  created_at: z.number(),
  ...rowFlags,
});
export const resellerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  distributor_name: z.string().nullable(),
  can_create_client: z.boolean(),
  clients: z.number(),
  devices: z.number(),
  created_at: z.number(),
  ...rowFlags,
});
export const clientRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  reseller_id: z.number(),
  reseller_name: z.string(),
  devices: z.number(),
  appliances: z.number(),
  /** The worst health among its systems; null without systems. */
  health_status: z.enum(HEALTH).nullable(),
  created_at: z.number(),
  ...rowFlags,
});
export const applianceRow = z.object({
  id: z.number(),
  sid: z.string(),
  name: z.string(),
  model_name: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  reseller_name: z.string(),
  online: z.boolean(),
  version: z.string(),
  license_name: z.string(),
  devices: z.number(),
  ...rowFlags,
});
export const vaultRow = z.object({
  id: z.number(),
  name: z.string(),
  vault_type: z.enum(VAULT_TYPES),
  workstations: z.number(),
  servers: z.number(),
  used_bytes: z.number(),
  capacity_bytes: z.number(),
  ...rowFlags,
});
export const userRow = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  level: z.number(),
  organisation_id: z.number(),
  organisation_name: z.string(),
  organisation_kind: z.enum(ORG_KINDS),
  disabled: z.boolean(),
  mfa_enabled: z.boolean(),
  created_at: z.number(),
  ...rowFlags,
});
export const licenseRow = z.object({
  id: z.number(),
  sid: z.string(),
  appliance_name: z.string(),
  client_name: z.string(),
  license_name: z.string(),
  license_type: z.enum(['storage', 'endpoint', 'bdr_bundle']),
  license_workstations: z.number(),
  license_servers: z.number(),
  license_nas: z.number(),
  used_workstations: z.number(),
  used_servers: z.number(),
  used_nas: z.number(),
  license_storage_bytes: z.number(),
  storage_used_bytes: z.number(),
  /** Seats or storage in use, 0-100 (spec: dashboard 3 'Appliance row' license_usage_percent). */
  license_usage_percent: z.number(),
  ...rowFlags,
});

export type DistributorRow = z.infer<typeof distributorRow>;
export type ResellerRow = z.infer<typeof resellerRow>;
export type ClientRow = z.infer<typeof clientRow>;
export type ApplianceRow = z.infer<typeof applianceRow>;
export type VaultRow = z.infer<typeof vaultRow>;
export type UserRow = z.infer<typeof userRow>;
export type LicenseRow = z.infer<typeof licenseRow>;

export interface EntityRows {
  distributor: DistributorRow;
  reseller: ResellerRow;
  client: ClientRow;
  appliance: ApplianceRow;
  vault: VaultRow;
  user: UserRow;
  license: LicenseRow;
  admin_user: UserRow;
  support_appliance: ApplianceRow;
}

/** The table answer (spec: dashboard-device-azure 3 'Table response': content, records_count, empty_desc). */
export const entityListAnswer = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    content: z.array(row),
    records_count: z.number(),
    /** True when records_count stopped at ENTITY_COUNT_CAP: there are more. */
    records_count_capped: z.boolean(),
    empty_desc: z.string(),
    page: z.number(),
    rows: z.number(),
  });
export interface EntityListAnswer<T> {
  content: T[];
  records_count: number;
  records_count_capped: boolean;
  empty_desc: string;
  page: number;
  rows: number;
}

// Edit dialogs. Fields arrive as a form (the spec's call) or JSON; strings are sanitised on the
// server too, whatever the browser sends.
const text = (max: number) => z.string().max(max, `Use at most ${max} characters.`);

export const clientSaveRequest = z.object({
  id: optionalId,
  reseller_id: optionalId,
  name: text(100),
  email: text(254).optional().default(''),
});
export type ClientSaveRequest = z.input<typeof clientSaveRequest>;

export const userSaveRequest = z.object({
  id: optionalId,
  organisation_id: optionalId,
  username: text(128).optional().default(''),
  name: text(100),
  email: text(254).optional().default(''),
  /** Required when creating; on edit, empty keeps the current password. */
  password: z.string().max(256).optional().default(''),
  /** Optional: the level follows the organisation; a different one is refused. */
  level: z
    .union([z.literal(''), intLike(0, 3)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  disabled: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false', ''])])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
});
export type UserSaveRequest = z.input<typeof userSaveRequest>;

/** Edit only: resellers are onboarded by the provider. */
export const resellerSaveRequest = z.object({
  id: optionalId,
  name: text(100),
  email: text(254).optional().default(''),
  can_create_client: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'true')),
});
export type ResellerSaveRequest = z.input<typeof resellerSaveRequest>;

/** GET /api/v1/object/client/{id}: what the client dialog edits. */
export const clientRecord = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  reseller_id: z.number(),
});
export type ClientRecord = z.infer<typeof clientRecord>;

/** The save answer (spec: 7 `POST /api/v1/object/{entity}/save` -> is_error, errors). */
export const entitySaveAnswer = z.object({
  is_error: z.boolean(),
  errors: z.record(z.string(), z.string()),
  id: z.number().optional(),
  message: z.string().optional(),
});
export type EntitySaveAnswer = z.infer<typeof entitySaveAnswer>;

/** What a support login page would open (spec: dashboard-device-azure 2.1 external logins). */
export const supportLoginAnswer = z.object({
  kind: z.enum(['appliance', 'vault']),
  id: z.number(),
  name: z.string(),
  /** Appliance serial (sid); null for a vault. */
  sid: z.string().nullable(),
  online: z.boolean(),
  target: z.string(),
  message: z.string(),
});
export type SupportLoginAnswer = z.infer<typeof supportLoginAnswer>;
