// The health rule of generated history lives in the contract (health-rule.ts): the generator
// replays it along each system's history, so the health history segments, the current status and
// the daily counts always agree with the runs.

import type { HealthCode, HealthVerdict } from '@lifeboat/contract';

export {
  deriveHealth,
  type HealthCode,
  type HealthInput,
  type HealthVerdict,
  humanDuration,
} from '@lifeboat/contract';

export interface Segment extends HealthVerdict {
  startedAt: number;
}

/** Health at a moment, from segments sorted by start; null before the first. */
export function healthAtTime(segments: readonly Segment[], at: number): HealthCode | null {
  let found: HealthCode | null = null;
  for (const s of segments) {
    if (s.startedAt > at) break;
    found = s.health;
  }
  return found;
}
