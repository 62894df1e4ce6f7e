import { formatBytes } from './devices';

// The audit log as a person reads it: what was done, in words, and its details as labelled
// values, never the stored codes (`session.login`) or raw JSON. The stored rows keep their codes
// for filters and the CSV export.

const ACTIONS: Record<string, string> = {
  'session.login': 'Signed in',
  'session.login_failed': 'Sign-in failed',
  'session.logout': 'Signed out',
  'session.mfa_failed': 'Wrong MFA code at sign-in',
  'session.mfa_replayed': 'MFA code used twice at sign-in',
  'mfa.enabled': 'Turned MFA on',
  'mfa.disabled': 'Turned MFA off',
  'mfa.disable_failed': 'Could not turn MFA off',
  'mfa.code_replayed': 'MFA code used twice',
  'mfa.recovery_code_used': 'Used an MFA recovery code',
  'mfa.reset': 'Reset MFA',
  'mfa.setup_failed': 'MFA setup failed',
  'agent.download': 'Downloaded an agent installer',
  'appliance.support_login': 'Opened a support login to an appliance',
  'vault.support_login': 'Opened a support login to a vault',
  'autoverify.start': 'Started a cloud AutoVerify',
  'azure.job.cancel': 'Cancelled a restore to Azure',
  'azure.job.dismiss': 'Dismissed a restore to Azure',
  'azure.reseller_enabled': 'Changed Azure direct restore for a reseller',
  'azure.restore.start': 'Started a restore to Azure',
  'azure.sign_in': 'Signed in to Azure',
  'client.create': 'Added a client',
  'client.update': 'Changed a client',
  'client.delete': 'Deleted a client',
  'reseller.create': 'Added a reseller',
  'reseller.update': 'Changed a reseller',
  'reseller.delete': 'Deleted a reseller',
  'user.create': 'Added a user',
  'user.update': 'Changed a user',
  'user.delete': 'Deleted a user',
  'device.thresholds.save': 'Changed the alert thresholds of a system',
  'device.geo_plus.enable': 'Turned geo-plus on',
  'device.geo_plus.disable': 'Turned geo-plus off',
  'failover.approval_requested': 'Asked for approval of a production failover',
  'failover.approval_setting': 'Changed the failover approval setting',
  'failover.approved': 'Approved a production failover',
  'failover.refused': 'Refused a production failover',
  'failover.withdrawn': 'Withdrew a production failover request',
  'failover.auto_stop': 'A test office stopped at its set time',
  'failover.failed': 'A virtual office failed to start',
  'failover.start': 'Started a virtual office',
  'failover.stop': 'Stopped a virtual office',
  'ftps.credentials.refused': 'FTPS credentials refused',
  'ftps.credentials.reveal': 'Showed FTPS credentials',
  'ftps.export.discard': 'Discarded an FTPS export',
  'ftps.export.start': 'Started an FTPS export',
  'recovery.cloud_link_expire': 'Ended a download link',
  'recovery.cloud_link_expiry': 'Changed when a download link ends',
  'recovery.cloud_share_suppress': 'Hid a cloud share',
  'recovery.download': 'Downloaded restored files',
  'recovery.download_session': 'Prepared a download of restored files',
  'recovery.share_expiry': 'Changed when a network share unmounts',
  'recovery.share_expose': 'Opened a network share',
  'recovery.share_expose_failed': 'A network share could not be opened',
  'recovery.share_suppress': 'Unmounted a network share',
  'report.cancel': 'Cancelled a report',
  'report.deliver': 'Sent a report',
  'report.download': 'Downloaded a report',
  'report.generate': 'Generated a report',
  'report.schedule': 'Scheduled a report',
  'report.schedule_update': 'Changed a report schedule',
  'report.schedule_delete': 'Deleted a report schedule',
  'runbook.copy': 'Copied a runbook',
  'runbook.create': 'Created a runbook',
  'runbook.edit': 'Changed a runbook',
  'runbook.delete': 'Deleted a runbook',
  'settings.ipsec_site_added': 'Added an IPsec site',
  'settings.ipsec_site_changed': 'Changed an IPsec site',
  'settings.ipsec_site_deleted': 'Deleted an IPsec site',
  'settings.require_mfa': 'Changed whether MFA is required',
  'settings.runbook': 'Changed the virtual office settings',
  'settings.thresholds': 'Changed the alert thresholds',
  'settings.update_schedule_added': 'Added an update schedule',
  'settings.update_schedule_changed': 'Changed an update schedule',
  'settings.update_schedule_deleted': 'Deleted an update schedule',
  'settings.update_schedule_appliances': 'Changed the appliances of an update schedule',
  'virtualization.disk_download': 'Downloaded a virtual disk',
  'virtualization.local_vm_start': 'Started a local virtual machine',
  'inventory.start': 'Started a virtual machine',
  'inventory.stop': 'Stopped a virtual machine',
  'inventory.resume': 'Resumed a virtual machine',
  'inventory.discard': 'Discarded a virtual machine',
  'account.time_zone': 'Changed the time zone of their account',
  'alerts.rule': 'Changed an alert rule',
  'alerts.acknowledge': 'Acknowledged an alert',
  'alerts.snooze': 'Snoozed alerts',
  'alerts.maintenance': 'Planned a maintenance window',
  'alerts.snooze_end': 'Ended a snooze or maintenance window',
  'api_key.create': 'Made an API key',
  'api_key.revoke': 'Revoked an API key',
  'role.create': 'Made a role',
  'role.update': 'Changed a role',
  'role.delete': 'Removed a role',
  'user.role': "Changed a user's role",
  'webhooks.create': 'Added a webhook endpoint',
  'webhooks.update': 'Changed a webhook endpoint',
  'webhooks.rotate': 'Made a new webhook secret',
  'webhooks.delete': 'Removed a webhook endpoint',
  'webhooks.test': 'Sent a test webhook',
  'webhooks.redeliver': 'Redelivered a webhook',
  'report.regenerate': 'Generated a report again',
  'source.added': 'Added a backup source',
  'source.changed': 'Changed a backup source',
  'source.removed': 'Removed a backup source',
};

const OBJECTS: Record<string, string> = {
  organisation: 'Organisation',
  protected_system: 'System',
  azure_job: 'Restore to Azure',
  azure_session: 'Azure sign-in',
  cifs_share: 'Network share',
  ftps_export: 'FTPS export',
};

/** "settings.update_schedule_added" -> "Settings: update schedule added" (a code not listed yet). */
function humanize(code: string): string {
  const [area, ...rest] = code.split('.');
  const words = rest.join(' ').replace(/_/g, ' ');
  const head = (area ?? '').replace(/_/g, ' ');
  const cap = head.charAt(0).toUpperCase() + head.slice(1);
  return words ? `${cap}: ${words}` : cap;
}

/** What an audited action did, in words. */
export function auditActionText(action: string): string {
  return ACTIONS[action] ?? humanize(action);
}

/** The name of an object type: "System", "Update schedule". */
function objectName(type: string): string {
  return OBJECTS[type] ?? humanize(type).replace(/:.*/, '');
}

/** The object an action touched: "System 12", "Runbook 3". */
export function auditObjectText(type: string | null, id: string | null): string | null {
  if (!type) return null;
  const name = objectName(type);
  return id ? `${name} ${id}` : name;
}

/** What the audit log's Object filter offers to type: an object as the log writes it. */
export const AUDIT_OBJECT_EXAMPLE = 'e.g. System 12';

/**
 * The Object filter, read back from the words the log shows (auditObjectText): "System 12",
 * "network share", or only a number. The stored form "protected_system:12" is still accepted.
 */
export function parseAuditObject(text: string): { type?: string; id?: string } {
  const t = text.trim();
  if (t.includes(':')) {
    const [type, id] = t.split(':', 2);
    return { type: type || undefined, id: id || undefined };
  }
  const m = t.match(/^(.*?)\s*#?(\d+)?$/);
  const words = (m?.[1] ?? t).trim().toLowerCase().replace(/\s+/g, ' ');
  const id = m?.[2];
  if (!words) return { id };
  const named = Object.keys(OBJECTS).find((type) => OBJECTS[type]?.toLowerCase() === words);
  return { type: named ?? words.replace(/ /g, '_'), id };
}

const LABELS: Record<string, string> = { old: 'Before', new: 'After', by: 'By', ip: 'Address' };

function label(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/_bytes$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function value(key: string, v: unknown, date: (ms: number) => string): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') {
    if (/(_at|^at)$/.test(key)) return date(v);
    if (/bytes$/.test(key)) return formatBytes(v);
    return v.toLocaleString('en-US');
  }
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const items = v.map((x) => value(key, x, date)).filter((x): x is string => x !== null);
    return items.length ? items.join(', ') : 'none';
  }
  if (typeof v === 'object') {
    const inner = entries(v as Record<string, unknown>, date);
    return inner.length ? `(${inner.join(', ')})` : null;
  }
  return String(v);
}

function entries(o: Record<string, unknown>, date: (ms: number) => string): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    // Ids are the console's own keys; the object column names what was touched.
    if (/(^|_)id$/.test(k)) continue;
    const text = value(k, v, date);
    if (text !== null) out.push(`${label(k)}: ${text}`);
  }
  return out;
}

/**
 * An action's stored details (JSON) as labelled values: "Runbook: Main office; Stopped by: Alex".
 * `date` writes times in the viewer's format. Text that is not JSON is shown as it is.
 */
export function auditDetailsText(details: string | null, date: (ms: number) => string): string {
  if (!details) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return value('details', parsed, date) ?? '';
  return entries(parsed as Record<string, unknown>, date).join('; ');
}
