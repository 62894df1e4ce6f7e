import { settingsCalls } from '@lifeboat/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

export type SettingsLevel = 'reseller' | 'client';

/** Query keys of the settings area. */
export const settingsKeys = {
  all: ['settings'] as const,
  thresholds: (level: SettingsLevel, id: number) => [...settingsKeys.all, level, id, 'thresholds'] as const,
};

export const thresholdCalls = {
  reseller: { get: settingsCalls.resellerThresholds, save: settingsCalls.saveResellerThresholds },
  client: { get: settingsCalls.clientThresholds, save: settingsCalls.saveClientThresholds },
} as const;

export function useOrgThresholds(level: SettingsLevel, id: number) {
  return useQuery({
    queryKey: settingsKeys.thresholds(level, id),
    queryFn: ({ signal }) => call(thresholdCalls[level].get, { params: { id } }, { signal }),
  });
}
