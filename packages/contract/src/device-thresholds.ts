import { z } from 'zod';
import { LOCAL_CACHE_DAYS, THRESHOLD_DEFAULTS, THRESHOLD_MINUTES } from './constants';
import { plural } from './words';

// A device's alert thresholds (spec: recovery-flow 9 slider values and defaults; inventory 5
// 'Threshold input' and 8 'Threshold invalid'). The calls are not in the spec (docs/decisions.md).

export type ThresholdKind = 'server' | 'workstation' | 'local_cache';

export interface ThresholdScale {
  kind: ThresholdKind;
  /** Slider stops in minutes. */
  values: readonly number[];
  /** Minutes per unit of the typed value: hours for backups, days for the local cache. */
  multiplier: number;
  unit: 'hours' | 'days';
  defaultMinutes: number;
}

const DAY = 1440;

export function thresholdScale(kind: ThresholdKind): ThresholdScale {
  if (kind === 'local_cache')
    return {
      kind,
      values: LOCAL_CACHE_DAYS.map((d) => d * DAY),
      multiplier: DAY,
      unit: 'days',
      defaultMinutes: THRESHOLD_DEFAULTS.local_cache,
    };
  return {
    kind,
    values: THRESHOLD_MINUTES,
    multiplier: 60,
    unit: 'hours',
    defaultMinutes: THRESHOLD_DEFAULTS[kind],
  };
}

/** The typed range: first and last slider value after the multiplier (inventory 5). */
export function thresholdRange(s: ThresholdScale): { min: number; max: number } {
  return { min: (s.values[0] ?? 0) / s.multiplier, max: (s.values[s.values.length - 1] ?? 0) / s.multiplier };
}

export function thresholdRangeMessage(s: ThresholdScale): string {
  const { min, max } = thresholdRange(s);
  return `Enter a whole number of ${s.unit} between ${min} and ${max}.`;
}

export type ThresholdCheck = { ok: true; minutes: number } | { ok: false; message: string };

/** Digits only, required, inside the range; answers the value in minutes. */
export function checkThresholdInput(raw: string, s: ThresholdScale): ThresholdCheck {
  const text = raw.trim();
  const { min, max } = thresholdRange(s);
  if (!/^\d{1,9}$/.test(text)) return { ok: false, message: thresholdRangeMessage(s) };
  const n = Number(text);
  if (n < min || n > max) return { ok: false, message: thresholdRangeMessage(s) };
  return { ok: true, minutes: n * s.multiplier };
}

/** Minutes a saved value may take: a whole number of units inside the range. */
export function isValidThresholdMinutes(minutes: number, s: ThresholdScale): boolean {
  return (
    Number.isSafeInteger(minutes) &&
    minutes % s.multiplier === 0 &&
    checkThresholdInput(String(minutes / s.multiplier), s).ok
  );
}

/** The slider stop nearest to a value (a typed value may fall between stops). */
export function nearestStop(minutes: number, s: ThresholdScale): number {
  let best = 0;
  s.values.forEach((v, i) => {
    if (Math.abs(v - minutes) < Math.abs((s.values[best] ?? 0) - minutes)) best = i;
  });
  return best;
}

/** A threshold as typed in the alert settings form, in the scale's unit; answers minutes. */
export function thresholdInputRule(kind: ThresholdKind) {
  const scale = thresholdScale(kind);
  return z.string().transform((raw, ctx) => {
    const c = checkThresholdInput(raw, scale);
    if (c.ok) return c.minutes;
    ctx.addIssue({ code: 'custom', message: c.message });
    return z.NEVER;
  });
}

/**
 * The alert settings form of a device: its backup threshold (server or workstation) and the
 * local cache's, typed in hours and days; the fields are named as the save's body names them.
 */
export function alertSettingsForm(backup: Exclude<ThresholdKind, 'local_cache'>) {
  return z.object({
    backup_minutes: thresholdInputRule(backup),
    backup_enabled: z.boolean(),
    local_cache_minutes: thresholdInputRule('local_cache'),
    local_cache_enabled: z.boolean(),
  });
}

export const thresholdSetting = z.object({
  kind: z.enum(['server', 'workstation', 'local_cache']),
  name: z.string(),
  enabled: z.boolean(),
  minutes: z.number().int(),
  /** "36 hours", "3 days" */
  value: z.string(),
  /** Not set on the device itself: it comes from its client, reseller or the default. */
  inherited: z.boolean(),
  inherited_from: z.enum(['client', 'reseller', 'default']).nullable(),
});
export type ThresholdSetting = z.infer<typeof thresholdSetting>;

/** GET /device/get_device_protection_summary_data/{deviceId} -> lang, thresholds */
export const protectionSummaryAnswer = z.object({
  ok: z.literal(true),
  lang: z.record(z.string(), z.string()),
  thresholds: z.array(thresholdSetting),
});
export type ProtectionSummaryAnswer = z.infer<typeof protectionSummaryAnswer>;

/** GET /device/get_device_alert_thresholds/{deviceId} and the non-D2C variant. */
export const deviceAlertThresholdsAnswer = z.object({
  ok: z.literal(true),
  is_d2c: z.boolean(),
  appliance_id: z.number().int().nullable(),
  thresholds: z.array(thresholdSetting),
});
export type DeviceAlertThresholdsAnswer = z.infer<typeof deviceAlertThresholdsAnswer>;

const flag = z.union([z.enum(['0', '1']), z.literal(0), z.literal(1), z.boolean()]);
const minutes = z.union([z.string().max(12), z.number()]);

/** POST /device/save_device_alert_thresholds (and the non-D2C variant): form fields. */
export const saveAlertThresholdsBody = z.object({
  id: z.union([z.string().max(32), z.number().int()]),
  backup_minutes: minutes,
  backup_enabled: flag,
  local_cache_minutes: minutes.optional(),
  local_cache_enabled: flag.optional(),
});
export type SaveAlertThresholdsBody = z.infer<typeof saveAlertThresholdsBody>;

/** Human text of a threshold: "36 hours", "3 days", "1 year". */
export function thresholdText(minutes: number): string {
  if (minutes % 525600 === 0) return plural(minutes / 525600, 'year');
  if (minutes % DAY === 0) return plural(minutes / DAY, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}
