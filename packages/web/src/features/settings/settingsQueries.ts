import { failoverCalls, settingsCalls } from '@lifeboat/contract';
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

/** Query keys of the virtual office network and the update schedules (issue 17.5-6). */
export const officeKeys = {
  network: (clientId: number) => [...settingsKeys.all, 'client', clientId, 'office-network'] as const,
  schedules: (resellerId: number) =>
    [...settingsKeys.all, 'reseller', resellerId, 'update-schedules'] as const,
  failoverApproval: (resellerId: number) =>
    [...settingsKeys.all, 'reseller', resellerId, 'failover-approval'] as const,
  applianceSchedule: (applianceId: number) =>
    [...settingsKeys.all, 'appliance', applianceId, 'schedule'] as const,
};

export function useOfficeNetwork(clientId: number) {
  return useQuery({
    queryKey: officeKeys.network(clientId),
    queryFn: ({ signal }) => call(settingsCalls.officeNetwork, { params: { id: clientId } }, { signal }),
  });
}

export function useUpdateSchedules(resellerId: number) {
  return useQuery({
    queryKey: officeKeys.schedules(resellerId),
    queryFn: ({ signal }) => call(settingsCalls.updateSchedules, { params: { id: resellerId } }, { signal }),
  });
}

/** Whether the reseller's production failovers wait for a second person (issue 16.4). */
export function useFailoverApproval(resellerId: number) {
  return useQuery({
    queryKey: officeKeys.failoverApproval(resellerId),
    queryFn: ({ signal }) => call(failoverCalls.approvalSetting, { params: { id: resellerId } }, { signal }),
  });
}
