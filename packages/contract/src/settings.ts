import { z } from 'zod';
import { type ThresholdKind, thresholdInputRule, thresholdSetting } from './device-thresholds';

// Reseller and client settings pages (issue 17.4; dashboard-device-azure 2.1 routes): the alert
// thresholds a reseller or client sets for the systems below it. Values inherit the built-in
// default -> reseller -> client -> system (recovery-flow 9); the calls are not in the spec
// (docs/decisions.md 'Settings').

export const SETTINGS_THRESHOLD_KINDS = [
  'server',
  'workstation',
  'local_cache',
] as const satisfies readonly ThresholdKind[];

/** GET .../get_alert_thresholds/{id}: the three thresholds as they apply at this level. */
export const orgThresholdsAnswer = z.object({
  ok: z.literal(true),
  level: z.enum(['reseller', 'client']),
  id: z.number().int(),
  name: z.string(),
  /** inherited_from: null when set at this level, else where the value comes from. */
  thresholds: z.array(thresholdSetting),
});
export type OrgThresholdsAnswer = z.infer<typeof orgThresholdsAnswer>;

/** One threshold to save: minutes and the switch, or `inherit` to drop this level's own value. */
export const orgThresholdValue = z.object({
  kind: z.enum(SETTINGS_THRESHOLD_KINDS),
  minutes: z.number().int().min(0).max(10_000_000),
  enabled: z.boolean(),
  inherit: z.boolean().optional(),
});

/** POST .../save_alert_thresholds/{id} (JSON). */
export const saveOrgThresholdsBody = z.object({
  thresholds: z.array(orgThresholdValue).min(1).max(3),
});
export type SaveOrgThresholdsBody = z.infer<typeof saveOrgThresholdsBody>;

/** The settings page's thresholds form: typed values in hours and days (inventory 5). */
export const orgThresholdsForm = z.object({
  server_minutes: thresholdInputRule('server'),
  server_enabled: z.boolean(),
  workstation_minutes: thresholdInputRule('workstation'),
  workstation_enabled: z.boolean(),
  local_cache_minutes: thresholdInputRule('local_cache'),
  local_cache_enabled: z.boolean(),
});
