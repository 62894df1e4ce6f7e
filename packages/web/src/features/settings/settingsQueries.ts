import { settingsCalls } from '@lifeboat/contract';

export type SettingsLevel = 'reseller' | 'client';

/** The thresholds' calls of each level of the settings page. */
export const thresholdCalls = {
  reseller: { get: settingsCalls.resellerThresholds, save: settingsCalls.saveResellerThresholds },
  client: { get: settingsCalls.clientThresholds, save: settingsCalls.saveClientThresholds },
} as const;
