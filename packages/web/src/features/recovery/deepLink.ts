import type { WizardEntry } from './wizardEntry';

// The wizard's deep link on any page: ?recover=reseller:{id} | client:{id} | device:{id}[:{step}].

export const RECOVER_PARAM = 'recover';

export function parseRecoverParam(raw: string | null): WizardEntry | null {
  const m = /^(reseller|client|device):(\d{1,15})(?::([A-Za-z]{1,40}))?$/.exec(raw ?? '');
  if (!m) return null;
  const id = Number(m[2]);
  if (!(id > 0)) return null;
  if (m[1] === 'reseller') return m[3] ? null : { kind: 'reseller', resellerId: id };
  if (m[1] === 'client') return m[3] ? null : { kind: 'client', clientId: id };
  return m[3] ? { kind: 'device', deviceId: id, startStep: m[3] } : { kind: 'device', deviceId: id };
}

export function recoverParam(entry: WizardEntry): string {
  if (entry.kind === 'reseller') return `reseller:${entry.resellerId}`;
  if (entry.kind === 'client') return `client:${entry.clientId}`;
  return `device:${entry.deviceId}${entry.startStep ? `:${entry.startStep}` : ''}`;
}
