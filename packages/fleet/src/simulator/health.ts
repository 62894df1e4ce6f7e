export { loadThresholds } from '@lifeboat/db';

import { deriveHealth, type HealthVerdict } from '../generator/health';

// Health after a scheduled backup. A success makes a system healthy; otherwise the age of its
// last restore point against its alert threshold decides (spec: dashboard-device-azure 4,
// recovery-flow 9 thresholds with inheritance system > client > reseller > default).

export type { HealthVerdict };
// The threshold rule itself (resolveThreshold) is the contract's: the dashboard uses it too; the
// query of the overrides (loadThresholds) is the database package's: the sources' sync and the alerts'
// evaluation use it too.

export interface HealthInput {
  parked: boolean;
  jobStatus: 'COMPLETED' | 'FAILED' | 'MISSED';
  /** After this job. */
  lastRpAt: number | null;
  /** null: alerting is switched off for this system. */
  thresholdMinutes: number | null;
  now: number;
}

/** The generator's rule (one rule for generated and live history), applied after a finished job. */
export function evaluateHealth(h: HealthInput): HealthVerdict {
  return deriveHealth({
    parked: h.parked,
    hasJobs: true,
    lastRpAt: h.lastRpAt,
    lastFinishedStatus: h.jobStatus,
    thresholdMinutes: h.thresholdMinutes ?? Number.POSITIVE_INFINITY,
    at: h.now,
  });
}
