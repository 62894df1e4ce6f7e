import { z } from 'zod';
import { jsonWhole } from './call';
import { HEALTH, ORG_KINDS, VAULT_TYPES } from './enums';
import {
  changedPasswordRule,
  choiceRule,
  emailRule,
  FIELD_MAX,
  fieldMessages,
  nameRule,
  passwordRule,
  usernameRule,
} from './fields';
import {
  LIST_COUNT_CAP,
  LIST_PAGE_SIZES,
  listFields,
  listPage,
  listRows,
  listSearch,
  type TableAnswer,
  tableAnswer,
} from './lists';

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
export const ENTITY_PAGE_SIZES = LIST_PAGE_SIZES;
/** Counts stop here: the table shows "1,000+" rather than counting the whole platform. */
export const ENTITY_COUNT_CAP = LIST_COUNT_CAP;

// Decimal digits only: z.coerce read "0x10" as 16 and "1e1" as 10.
const intLike = (min: number, max: number, error = `This must be a whole number from ${min} to ${max}.`) =>
  jsonWhole(min, max, error);
const optionalId = z
  .union([z.literal(''), intLike(1, Number.MAX_SAFE_INTEGER, 'This must be an id (a whole number from 1).')])
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v));

// Entity tables keep their indexed name order: they take no sort (lists.ts listSortFields).
const listFilters = {
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
};

/**
 * What a table call accepts, as its form body and in its query (links): every key optional, no
 * defaults, so the server can let the body win key by key and then apply entityListRequest's.
 */
export const entityListFields = listFields(listFilters, ENTITY_PAGE_SIZES);

/** The request of every table: paging, search and the filters some tables know. */
export const entityListRequest = z.object({
  page: listPage.default(1),
  rows: listRows(ENTITY_PAGE_SIZES).default(ENTITY_PAGE_SIZES[0]),
  search: listSearch.default(''),
  ...listFilters,
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
  /** Its systems without a backup job: the "Unprotected clients" link lists the client for them. */
  unprotected_systems: z.number(),
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
  /** The user's custom role; null: the built-in role of the level (docs/decisions.md 'Roles'). */
  role_id: z.number().nullable(),
  role_name: z.string().nullable(),
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
  /** What license_usage_percent measures; both figures are given (issue 18.10). */
  license_measured_by: z.enum(['seats', 'storage']),
  seats_percent: z.number(),
  storage_percent: z.number(),
  model_name: z.string(),
  online: z.boolean(),
  /** Protected systems behind the appliance. */
  devices: z.number(),
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
export const entityListAnswer = <T extends z.ZodType>(row: T) =>
  tableAnswer(row).extend({ page: z.number(), rows: z.number() });
export interface EntityListAnswer<T> extends TableAnswer<T> {
  page: number;
  rows: number;
}

// Edit dialogs. Fields arrive as a form (the spec's call) or JSON; strings are sanitised on the
// server too, whatever the browser sends.
const text = (max: number) => z.string().max(max, `Use at most ${max} characters.`);

export const clientSaveRequest = z.object({
  id: optionalId,
  reseller_id: optionalId,
  name: text(FIELD_MAX.name),
  email: text(FIELD_MAX.email).optional().default(''),
});
export type ClientSaveRequest = z.input<typeof clientSaveRequest>;

export const userSaveRequest = z.object({
  id: optionalId,
  organisation_id: optionalId,
  username: text(FIELD_MAX.username).optional().default(''),
  name: text(FIELD_MAX.name),
  email: text(FIELD_MAX.email).optional().default(''),
  /** Required when creating; on edit, empty keeps the current password. */
  password: text(FIELD_MAX.password).optional().default(''),
  /** Optional: the level follows the organisation; a different one is refused. */
  level: z
    .union([z.literal(''), intLike(0, 3)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  disabled: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false', ''])])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
  /**
   * The user's role: 0 the built-in role of the level, else a custom role's id (docs/decisions.md
   * 'Roles'). Absent or empty: unchanged on edit, built-in on create.
   */
  role_id: z
    .union([z.literal(''), intLike(0, Number.MAX_SAFE_INTEGER, 'This must be a role id (a whole number).')])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type UserSaveRequest = z.input<typeof userSaveRequest>;

/** Edit only: resellers are onboarded by the provider. */
export const resellerSaveRequest = z.object({
  id: optionalId,
  /** A new reseller's distributor: the provider's staff choose it; a distributor's is its own. */
  distributor_id: optionalId,
  name: text(FIELD_MAX.name),
  email: text(FIELD_MAX.email).optional().default(''),
  can_create_client: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'true')),
});
export type ResellerSaveRequest = z.input<typeof resellerSaveRequest>;

// The edit dialogs' forms: the fields' rules (contract/fields.ts) the saves check again.

const orgForm = (kind: 'client' | 'reseller') =>
  z.object({ name: nameRule(`${kind} name`), email: emailRule() });

/** Add or edit a client; the reseller comes from the page (reseller_id is not checked). */
export const clientForm = orgForm('client').extend({ reseller_id: z.string() });
/** Add a client as staff or a distributor: the reseller is chosen in the dialog. */
export const clientFormWithReseller = clientForm.extend({ reseller_id: choiceRule(fieldMessages.reseller) });
export const resellerForm = orgForm('reseller').extend({
  can_create_client: z.boolean(),
  /** Checked only when the provider's staff add a reseller (resellerFormWithDistributor). */
  distributor_id: z.string(),
});
/** Add a reseller as the provider's staff: the distributor is chosen in the dialog. */
export const resellerFormWithDistributor = resellerForm.extend({
  distributor_id: choiceRule(fieldMessages.distributor),
});

// Add and edit share one shape, so the user dialog switches schema without changing its fields.
const userFields = {
  organisation_id: z.string(),
  name: nameRule('name'),
  disabled: z.boolean(),
  /** '0' the built-in role of the level, else a custom role's id. */
  role_id: z.string(),
};
/** Add a user: the organisation's id as text, the user name empty for the e-mail address. */
export const userCreateForm = z.object({
  ...userFields,
  email: emailRule(true),
  username: usernameRule,
  password: passwordRule,
});
/** Edit a user: the user name stays, an empty password keeps the current one. */
export const userEditForm = z.object({
  ...userFields,
  email: emailRule(),
  username: z.string(),
  password: changedPasswordRule,
});

/**
 * GET /client/load_edit_view/{clientId}/{resellerId}: the client edit dialog's data (spec:
 * dashboard-device-azure 7, `/client/load_edit_view/0/{resellerId}` for a new client).
 */
export const clientEditView = z.object({
  title: z.string(),
  submit_label: z.string(),
  /** id null: a new client. */
  client: z.object({ id: z.number().nullable(), name: z.string(), email: z.string() }),
  reseller: z.object({ id: z.number(), name: z.string() }),
  /** Where the dialog saves (POST, no leading slash). */
  save_url: z.string(),
});
export type ClientEditView = z.infer<typeof clientEditView>;

/** GET /api/v1/object/client/{id}: what the client dialog edits. */
export const clientRecord = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  reseller_id: z.number(),
});
export type ClientRecord = z.infer<typeof clientRecord>;

/** The save answer (spec: 7 `POST /api/v1/object/{entity}/save` -> is_error, errors); 201 when created. */
export const entitySaveAnswer = z.object({
  is_error: z.literal(false),
  errors: z.record(z.string(), z.string()),
  id: z.number(),
});
export type EntitySaveAnswer = z.infer<typeof entitySaveAnswer>;

/**
 * A refused save (400): the spec's is_error and errors (field -> message) next to our code,
 * message and fields. A malformed body answers it too, with no field named.
 */
export const entitySaveRefusal = z.object({
  is_error: z.literal(true),
  errors: z.record(z.string(), z.string()),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type EntitySaveRefusal = z.infer<typeof entitySaveRefusal>;

/** DELETE /api/v1/object/{client,user}/{id}. */
export const entityDeleteAnswer = z.object({ is_error: z.literal(false) });

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
