import { z } from 'zod';
import { TABLE_ROWS_DEFAULT } from './constants';
import { DEVICE_TYPES, HEALTH, VAULT_TYPES } from './enums';
import { listFields } from './lists';

// The appliance and vault pages (spec: dashboard-device-azure 2.1 /appliance/details/{id},
// /vault/details/{id}; issue 18.8). The pages' own calls are not in the spec
// (docs/decisions.md 'Appliance and vault pages').

const org = z.object({ id: z.number().int(), name: z.string() });
const healthCounts = z.object(
  Object.fromEntries(HEALTH.map((h) => [h, z.number().int()])) as {
    [H in (typeof HEALTH)[number]]: z.ZodNumber;
  },
);

const systemCounts = z.object({
  total: z.number().int(),
  servers: z.number().int(),
  workstations: z.number().int(),
  nas: z.number().int(),
  health: healthCounts,
});

export const applianceDetailsAnswer = z.object({
  id: z.number().int(),
  sid: z.string(),
  name: z.string(),
  model_name: z.string(),
  version: z.string(),
  online: z.boolean(),
  is_brc_appliance: z.boolean(),
  created_at: z.number(),
  client: org,
  reseller: org,
  license: z.object({
    name: z.string(),
    type: z.enum(['storage', 'endpoint', 'bdr_bundle']),
    type_label: z.string(),
    measured_by: z.enum(['seats', 'storage']),
    percent: z.number(),
    seats: z.object({
      used: z.number().int(),
      licensed: z.number().int(),
      percent: z.number(),
      workstations: z.object({ used: z.number().int(), licensed: z.number().int() }),
      servers: z.object({ used: z.number().int(), licensed: z.number().int() }),
      nas: z.object({ used: z.number().int(), licensed: z.number().int() }),
    }),
    storage: z.object({ used_bytes: z.number(), licensed_bytes: z.number(), percent: z.number() }),
  }),
  storage_pool: z.object({ used_bytes: z.number(), total_bytes: z.number(), percent: z.number() }),
  systems: systemCounts,
  restore_points_in_use: z.number().int(),
  /** Its latest periods offline, newest first (issue 18.8); ended_at null: offline since. */
  offline_history: z.array(z.object({ started_at: z.number(), ended_at: z.number().nullable() })).max(20),
  /** Single sign-on to the appliance's own console (the audited support login). */
  can_support: z.boolean(),
});
export type ApplianceDetailsAnswer = z.infer<typeof applianceDetailsAnswer>;
/** How many offline periods the appliance page lists. */
export const OFFLINE_HISTORY_ROWS = 10;

export const vaultDetailsAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  vault_type: z.enum(VAULT_TYPES),
  /** null: a provider-run cloud vault shared by many resellers. */
  reseller: org.nullable(),
  capacity_bytes: z.number(),
  used_bytes: z.number(),
  percent: z.number(),
  created_at: z.number(),
  /** The systems of the caller's scope with copies in this vault. */
  systems: systemCounts,
  can_support: z.boolean(),
});
export type VaultDetailsAnswer = z.infer<typeof vaultDetailsAnswer>;

/** A protected system in an appliance's or a vault's list. */
export const placedSystemRow = z.object({
  id: z.number().int(),
  name: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  os_name: z.string(),
  health_status: z.enum(HEALTH),
  last_rp_at: z.number().nullable(),
  agent_version: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  /** The appliance in front of it; null for direct-to-cloud. */
  appliance_name: z.string().nullable(),
});
export type PlacedSystemRow = z.infer<typeof placedSystemRow>;

export const PLACED_SYSTEM_PAGE_SIZES = [TABLE_ROWS_DEFAULT, 25, 50] as const;
export const placedSystemsQuery = listFields({}, PLACED_SYSTEM_PAGE_SIZES);
