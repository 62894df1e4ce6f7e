import { LEVEL } from '@lifeboat/contract';

const LEVEL_NAMES: Record<number, string> = {
  [LEVEL.DISTRIBUTOR]: 'Distributor',
  [LEVEL.STAFF]: 'Platform staff',
  [LEVEL.RESELLER]: 'Reseller',
  [LEVEL.CLIENT]: 'Client',
};

/** The readable name of a user level (spec: inventory-reports-exports-security 1). */
export function levelName(level: number): string {
  return LEVEL_NAMES[level] ?? `Level ${level}`;
}
