import { type ThresholdKind, type ThresholdSetting, thresholdScale, thresholdText } from '@lifeboat/contract';

/** A thresholds row as both readers select it. */
export interface ThresholdRow {
  scope_kind: string;
  minutes: number | string;
  enabled: number;
}

/**
 * One threshold as the pages show it: this level's own row, else the nearest row above it, else
 * the built-in default (recovery-flow 9). A system's thresholds (devices/thresholds.ts) and a
 * reseller's or client's (settings/thresholds.ts) resolve the same way; only the rows differ.
 */
export function thresholdSetting(
  kind: ThresholdKind,
  name: string,
  own: ThresholdRow | undefined,
  above: ThresholdRow | undefined,
): ThresholdSetting {
  const row = own ?? above;
  const minutes = row ? Number(row.minutes) : thresholdScale(kind).defaultMinutes;
  return {
    kind,
    name,
    enabled: row ? row.enabled === 1 : true,
    minutes,
    value: thresholdText(minutes),
    inherited: !own,
    inherited_from: own ? null : above ? (above.scope_kind as 'client' | 'reseller') : 'default',
  };
}
