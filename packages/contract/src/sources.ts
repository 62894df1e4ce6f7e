import { z } from 'zod';
import { jsonWhole } from './call';
import { nameRule } from './fields';
import { SOURCE_KINDS } from './ports/sync';

// Backup sources of a client (issue 25.1, 25.4; not in the spec, docs/decisions.md 'Backup
// sources'): the dialog's fields and the calls' answers. The password and the remote's variables
// go in and never come back out: no answer has a field for them.

/** The variables a source may set for restic: its remote's credentials and region. */
export const SOURCE_ENV_KEYS = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_DEFAULT_REGION',
  'RESTIC_REST_USERNAME',
  'RESTIC_REST_PASSWORD',
] as const;

export const SOURCE_LIMITS = {
  location: 1024,
  password: 1024,
  envValue: 1024,
  minMinutes: 5,
  maxMinutes: 1440,
  /** The share of the repository's data a repository check reads back (restic --read-data-subset). */
  minCheckPercent: 1,
  maxCheckPercent: 100,
  minCheckHours: 1,
  maxCheckHours: 720,
};

export const sourceMessages = {
  location: 'Enter where the repository is.',
  locationLong: `A repository location is at most ${SOURCE_LIMITS.location} characters long.`,
  password: 'Enter the repository password.',
  passwordLong: `A repository password is at most ${SOURCE_LIMITS.password} characters long.`,
  env: 'The extra settings accept the S3 and REST credentials only, each at most 1,024 characters.',
  interval: `Sync every ${SOURCE_LIMITS.minMinutes} to ${SOURCE_LIMITS.maxMinutes.toLocaleString('en-US')} minutes.`,
  checkPercent: `A repository check reads ${SOURCE_LIMITS.minCheckPercent} to ${SOURCE_LIMITS.maxCheckPercent} % of the data.`,
  checkHours: `A repository check runs every ${SOURCE_LIMITS.minCheckHours} to ${SOURCE_LIMITS.maxCheckHours} hours.`,
} as const;

const location = z
  .string(sourceMessages.location)
  .max(SOURCE_LIMITS.location, sourceMessages.locationLong)
  .refine((v) => v.trim() !== '', sourceMessages.location);
const password = z
  .string(sourceMessages.password)
  .min(1, sourceMessages.password)
  .max(SOURCE_LIMITS.password, sourceMessages.passwordLong);
const env = z.partialRecord(
  z.enum(SOURCE_ENV_KEYS, sourceMessages.env),
  z.string(sourceMessages.env).max(SOURCE_LIMITS.envValue, sourceMessages.env),
  sourceMessages.env,
);
const minutes = jsonWhole(SOURCE_LIMITS.minMinutes, SOURCE_LIMITS.maxMinutes, sourceMessages.interval);
const checkPercent = jsonWhole(
  SOURCE_LIMITS.minCheckPercent,
  SOURCE_LIMITS.maxCheckPercent,
  sourceMessages.checkPercent,
);
const checkHours = jsonWhole(
  SOURCE_LIMITS.minCheckHours,
  SOURCE_LIMITS.maxCheckHours,
  sourceMessages.checkHours,
);

/** "Test connection": the repository as the dialog has it, before it is saved. */
export const testSourceBody = z.object({
  kind: z.enum(SOURCE_KINDS).default('restic'),
  location,
  password,
  env: env.default({}),
});

/** POST /api/sources/client/{clientId}: a new source of the client. */
export const addSourceBody = testSourceBody.extend({
  name: nameRule('source name'),
  sync_interval_minutes: minutes.default(15),
});
export type AddSourceBody = z.output<typeof addSourceBody>;

/** PATCH /api/sources/{id}: what changes; an absent field (or an empty password) keeps its value. */
export const editSourceBody = z.object({
  name: nameRule('source name').optional(),
  location: location.optional(),
  password: z.string().max(SOURCE_LIMITS.password, sourceMessages.passwordLong).optional(),
  env: env.optional(),
  sync_interval_minutes: minutes.optional(),
  /** The share of the data each repository check reads back, and how often one runs. */
  check_percent: checkPercent.optional(),
  check_interval_hours: checkHours.optional(),
  paused: z.boolean().optional(),
});
export type EditSourceBody = z.output<typeof editSourceBody>;

/** "Test connection" of a moved or re-keyed source: what changes; an absent field keeps its value. */
export const testSourceChangeBody = editSourceBody.pick({ location: true, password: true });

export const sourceRow = z.object({
  id: z.number().int(),
  kind: z.enum(SOURCE_KINDS),
  name: z.string(),
  location: z.string(),
  paused: z.boolean(),
  sync_interval_minutes: z.number().int(),
  check_percent: z.number().int(),
  check_interval_hours: z.number().int(),
  /** Systems read from it. */
  systems: z.number().int(),
  /** Which extra settings are set (their values are never answered). */
  env_keys: z.array(z.enum(SOURCE_ENV_KEYS)),
  last_sync_at: z.number().nullable(),
  last_sync_outcome: z.enum(['ok', 'failed']).nullable(),
  last_sync_sentence: z.string().nullable(),
  /** The sync queued or running now, if any. */
  sync_operation_id: z.number().int().nullable(),
  /** The repository check (run with a sync once a day): when, its outcome and its sentence. */
  last_check_at: z.number().nullable(),
  last_check_outcome: z.enum(['ok', 'failed']).nullable(),
  last_check_sentence: z.string().nullable(),
});
export type SourceRow = z.infer<typeof sourceRow>;

export const sourcesAnswer = z.object({
  sources: z.array(sourceRow),
  /** Whether the user may add, edit, pause, remove and sync (the reseller, the provider's staff). */
  can_manage: z.boolean(),
  /** Whether the console's server can run restic (else the dialog says how to install it). */
  restic_installed: z.boolean(),
});

export const testSourceAnswer = z.object({ ok: z.boolean(), sentence: z.string() });
export const sourceSyncAnswer = z.object({ id: z.number().int(), operation_id: z.number().int() });
export const sourceSavedAnswer = z.object({ ok: z.literal(true) });

/** The add dialog's form: the S3 keys as two inputs; `toAddSourceBody` makes the call's body. */
export const sourceForm = z.object({
  name: nameRule('source name'),
  location,
  password,
  s3_access_key: z.string().max(SOURCE_LIMITS.envValue, sourceMessages.env),
  s3_secret_key: z.string().max(SOURCE_LIMITS.envValue, sourceMessages.env),
});
export type SourceFormValues = z.output<typeof sourceForm>;

/** The edit dialog's form: what a source's schedule and name are (the call's body's names). */
export const editSourceForm = z.object({
  name: nameRule('source name'),
  sync_interval_minutes: z
    .number(sourceMessages.interval)
    .int(sourceMessages.interval)
    .min(SOURCE_LIMITS.minMinutes, sourceMessages.interval)
    .max(SOURCE_LIMITS.maxMinutes, sourceMessages.interval),
  check_percent: z
    .number(sourceMessages.checkPercent)
    .int(sourceMessages.checkPercent)
    .min(SOURCE_LIMITS.minCheckPercent, sourceMessages.checkPercent)
    .max(SOURCE_LIMITS.maxCheckPercent, sourceMessages.checkPercent),
  check_interval_hours: z
    .number(sourceMessages.checkHours)
    .int(sourceMessages.checkHours)
    .min(SOURCE_LIMITS.minCheckHours, sourceMessages.checkHours)
    .max(SOURCE_LIMITS.maxCheckHours, sourceMessages.checkHours),
  paused: z.boolean(),
  /** Where the repository is now (moved), and its new password (re-keyed); an empty one keeps it. */
  location,
  password: z.string().max(SOURCE_LIMITS.password, sourceMessages.passwordLong),
});
export type EditSourceFormValues = z.output<typeof editSourceForm>;

export function toAddSourceBody(v: SourceFormValues) {
  const env: Partial<Record<(typeof SOURCE_ENV_KEYS)[number], string>> = {};
  if (v.s3_access_key.trim()) env.AWS_ACCESS_KEY_ID = v.s3_access_key.trim();
  if (v.s3_secret_key) env.AWS_SECRET_ACCESS_KEY = v.s3_secret_key;
  return { kind: 'restic' as const, name: v.name, location: v.location, password: v.password, env };
}
