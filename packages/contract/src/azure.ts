import { z } from 'zod';
import { formId, jsonWhole } from './call';

// Azure direct restore (spec: dashboard-device-azure 2.5, 3 'Azure wizard entities', 4 'Azure
// wizard', 7 'Azure direct restore', 9; recovery-flow 3 'Azure job', 4 'Azure job', 6, 7 'Azure
// export panels'). The area is `azure` in the contract, on the server and in the web app. The
// device table, its eligibility rules and the restore point calendar are the second tool's
// (ftps.ts: rbDeviceRow, rbIneligibility with forDisk true, rbRestorePointsAnswer).

/** Ids in the wizard's forms are text; the staff switch's JSON takes a number. */
const id = formId;
const jsonId = jsonWhole(1, Number.MAX_SAFE_INTEGER, 'This must be an id (a whole number from 1).');
const text = (max: number) => z.string().trim().min(1).max(max);

// The wizard's timings (AZURE_CODE_LIFETIME_S, AZURE_POLL_MS, ...) are in constants.ts.

// --- The wizard session ------------------------------------------------------------------------

export const azureDataAnswer = z.object({
  azureData: z.object({
    reseller: z.object({ id: z.number() }),
    client: z.object({ id: z.number() }).nullable(),
    device: z.object({ id: z.number() }).nullable(),
  }),
  userData: z.object({ isClient: z.boolean(), isReseller: z.boolean() }),
});
export type AzureDataAnswer = z.infer<typeof azureDataAnswer>;

export const azureOkAnswer = z.object({ ok: z.boolean() });
export const azureSuccessAnswer = z.object({ success: z.boolean() });

export const setAzureClientBody = z.object({ client_id: id });
export const setAzureDeviceBody = z.object({ device_id: id });
/** The restore point's id as the calendar's dropdown gives it ('0' is none and is refused). */
export const setAzureRestorePointBody = z.object({ snapshot_name: id });
export const setAzureResourceGroupBody = z.object({
  subscription_id: text(64),
  subscription_name: text(256),
  resource_group_name: text(90),
});
export const setAzureStorageAccountBody = z.object({
  storage_account_name: text(24),
  storage_account_region: text(64),
});

// --- Device-code sign-in -----------------------------------------------------------------------

export const AZURE_SCOPES = ['manager', 'storage'] as const;

export const azureAuthAnswer = z.object({
  device_code: z.string(),
  verification_url: z.string(),
  /** Only for the manager step: a sentence on what the sign-in grants. */
  knowledge_base_text: z.string().optional(),
  /** epoch ms on the server's clock (900 s after issue). */
  expires_at: z.number(),
  /**
   * Seconds the code has left when the answer leaves the server: the wizard counts down from it,
   * since the browser's clock may differ from the server's (dashboard-device-azure 4).
   */
  expires_in: z.number(),
});
export type AzureAuthAnswer = z.infer<typeof azureAuthAnswer>;

export const AZURE_LOGIN_STATES = ['none', 'pending', 'granted', 'expired'] as const;
export type AzureLoginState = (typeof AZURE_LOGIN_STATES)[number];

export const azureCheckAnswer = z.object({
  /** The manager access is granted. */
  success: z.boolean(),
  /** Both grants are in: the login step is complete. */
  tokenCreated: z.boolean(),
  user: z.object({ login: z.string() }).nullable(),
  manager: z.enum(AZURE_LOGIN_STATES),
  storage: z.enum(AZURE_LOGIN_STATES),
});
export type AzureCheckAnswer = z.infer<typeof azureCheckAnswer>;

// --- Resource groups and storage accounts -------------------------------------------------------

export const azureResourceGroupRow = z.object({
  id: z.string(),
  name: z.string(),
  subscription_id: z.string(),
  subscription_display_name: z.string(),
  location_display_name: z.string(),
});
export type AzureResourceGroupRow = z.infer<typeof azureResourceGroupRow>;
export const azureResourceGroupsAnswer = z.object({
  success: z.boolean(),
  table_data: z.array(azureResourceGroupRow),
  error: z.string().nullable(),
});

export const azureStorageAccountsBody = z.object({
  subscription_id: text(64),
  resource_group_name: text(90),
});
export const azureStorageAccountRow = z.object({
  id: z.string(),
  name: z.string(),
  location_display_name: z.string(),
});
export type AzureStorageAccountRow = z.infer<typeof azureStorageAccountRow>;
export const azureStorageAccountsAnswer = z.object({
  success: z.boolean(),
  table_data: z.array(azureStorageAccountRow),
  error: z.string().nullable(),
});

/** The name Azure gives a storage account: the last segment of its resource id. */
export function storageAccountName(resourceId: string): string {
  return resourceId.split('/').filter(Boolean).at(-1) ?? '';
}

export const azureStartAnswer = z.object({
  success: z.boolean(),
  job_id: z.number().nullable(),
  error: z.string().nullable(),
});

// --- Azure jobs (the export panels) -----------------------------------------------------------

export const AZURE_JOB_STATUSES = ['running', 'completed', 'failed', 'cancelled'] as const;
export type AzureJobStatus = (typeof AZURE_JOB_STATUSES)[number];

export const azureJobBlock = z.object({
  title: z.string(),
  elements: z.array(z.object({ label: z.string(), value: z.string() })),
});
/** What a job's button does; its label is the server's (spec: recovery-flow 3 'Azure job', buttons). */
export const AZURE_JOB_ACTIONS = ['cancel', 'dismiss'] as const;
export type AzureJobAction = (typeof AZURE_JOB_ACTIONS)[number];
export const azureJobButton = z.object({ action: z.enum(AZURE_JOB_ACTIONS), label: z.string() });
export const azureJob = z.object({
  jobId: z.number(),
  status: z.enum(AZURE_JOB_STATUSES),
  /** epoch ms; null while running */
  finish_time: z.number().nullable(),
  percent: z.number(),
  step: z.string().nullable(),
  blocks: z.array(azureJobBlock),
  canCancel: z.boolean(),
  canDismiss: z.boolean(),
  /** The job's buttons in order, one per action it allows now. */
  buttons: z.array(azureJobButton),
});
export type AzureJob = z.infer<typeof azureJob>;
export const azureJobsAnswer = z.object({ jobs: z.array(azureJob) });
export const azureJobInfoAnswer = z.object({ job: azureJob });
export const azureJobBody = z.object({ job_id: id });

/** Not in the spec: the provider's staff switch Azure direct restore per reseller. */
export const setResellerAzureBody = z.object({ reseller_id: jsonId, enabled: z.boolean() });
/** The reseller's azure_restore_enabled as the staff's settings view shows it. */
export const resellerAzureAnswer = z.object({ reseller_id: z.number(), enabled: z.boolean() });

/** Not in the spec: whether the Azure export panels and the wizard exist for this user. */
export const azureAvailabilityAnswer = z.object({ enabled: z.boolean() });

/** recovery-flow 6: the panels load only with azure_restore_enabled, never for the provider's staff. */
export function azurePanelsVisible(o: { azureRestoreEnabled: boolean; isProviderStaff: boolean }) {
  return o.azureRestoreEnabled && !o.isProviderStaff;
}

/** A running job can be cancelled; a finished one dismissed; a button per action allowed. */
export function azureJobActions(status: AzureJobStatus) {
  const canCancel = status === 'running';
  const canDismiss = status === 'completed' || status === 'failed' || status === 'cancelled';
  const buttons: z.infer<typeof azureJobButton>[] = [];
  if (canCancel) buttons.push({ action: 'cancel', label: 'Cancel' });
  if (canDismiss) buttons.push({ action: 'dismiss', label: 'Dismiss' });
  return { canCancel, canDismiss, buttons };
}

// --- The wizard's rules (dashboard-device-azure 4 'Azure wizard', 5) ---------------------------

/** The accordions in the spec's order (2.5); the client step is for resellers only. */
export const AZURE_STEPS = [
  'client',
  'device',
  'restorePoint',
  'login',
  'resourceGroup',
  'storageAccount',
  'summary',
] as const;
export type AzureStep = (typeof AZURE_STEPS)[number];

/** What the wizard has chosen; null is nothing (a restore point value '0' counts as null). */
export interface AzureSelection {
  reseller: number | null;
  client: number | null;
  device: number | null;
  restorePoint: string | null;
  login: string | null;
  resourceGroup: string | null;
  storageAccount: string | null;
}

/** The selection each step makes (summary makes none). */
const SELECTION_OF: Record<Exclude<AzureStep, 'summary'>, keyof AzureSelection> = {
  client: 'client',
  device: 'device',
  restorePoint: 'restorePoint',
  login: 'login',
  resourceGroup: 'resourceGroup',
  storageAccount: 'storageAccount',
};

/** spec 4: the selections each step needs before it is enabled. */
export const AZURE_PREREQUISITES: Record<AzureStep, readonly (keyof AzureSelection)[]> = {
  client: ['reseller'],
  device: ['client'],
  restorePoint: ['device'],
  login: ['restorePoint'],
  resourceGroup: ['restorePoint', 'login'],
  storageAccount: ['restorePoint', 'resourceGroup'],
  summary: ['restorePoint', 'storageAccount'],
};

const chosen = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== '0' && v !== 0;

export function azureStepEnabled(step: AzureStep, sel: AzureSelection): boolean {
  return AZURE_PREREQUISITES[step].every((k) => chosen(sel[k]));
}

export function azureStepSelected(step: AzureStep, sel: AzureSelection): boolean {
  return step === 'summary' ? false : chosen(sel[SELECTION_OF[step]]);
}

/** spec 4: disabling a step clears its selection, which may disable the steps after it. */
export function azureSettle(sel: AzureSelection): AzureSelection {
  const next = { ...sel };
  if (next.restorePoint === '0') next.restorePoint = null;
  for (const step of AZURE_STEPS) {
    if (step === 'summary') continue;
    if (!azureStepEnabled(step, next)) next[SELECTION_OF[step]] = null as never;
  }
  return next;
}

/**
 * spec 4: a new selection; a changed device clears the restore point, a changed login the
 * resource group, a changed resource group the storage account (and what needs them).
 */
export function azureSelect<K extends keyof AzureSelection>(
  sel: AzureSelection,
  key: K,
  value: AzureSelection[K],
): AzureSelection {
  const next = { ...sel, [key]: value };
  if (sel[key] !== value) {
    const clears: Partial<Record<keyof AzureSelection, (keyof AzureSelection)[]>> = {
      client: ['device', 'restorePoint', 'login', 'resourceGroup', 'storageAccount'],
      device: ['restorePoint'],
      login: ['resourceGroup', 'storageAccount'],
      resourceGroup: ['storageAccount'],
    };
    for (const k of clears[key] ?? []) next[k] = null as never;
  }
  return azureSettle(next);
}

/** spec 4: the step a selection opens next. */
export function azureNextStep(step: AzureStep): AzureStep | null {
  const i = AZURE_STEPS.indexOf(step);
  return AZURE_STEPS[i + 1] ?? null;
}

export type AzureStepIcon = 'warning' | 'info' | 'success';

/** spec 4: success when selected, information when open, warning when unselected and closed. */
export function azureStepIcon(selected: boolean, open: boolean): AzureStepIcon {
  if (selected) return 'success';
  return open ? 'info' : 'warning';
}

/** spec 4: the code's countdown as minutes:seconds; null once expired (the regenerate button). */
export function azureCountdown(msLeft: number): string | null {
  if (msLeft <= 0) return null;
  const s = Math.ceil(msLeft / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Client table row (spec 3 'Azure wizard entities'). */
export interface AzureClientFlags {
  has_brc: boolean;
  has_x360recover: boolean;
  has_macos_only: boolean;
  machines_latest_schedule_rp_count: number;
}

export type AzureClientIneligibility = 'brc_only' | 'macos_only' | 'no_scheduled_points';

/** spec 5: why a client cannot be chosen; null when it can. */
export function azureClientIneligibility(c: AzureClientFlags): AzureClientIneligibility | null {
  if (c.has_brc && !c.has_x360recover) return 'brc_only';
  if (c.has_macos_only) return 'macos_only';
  if (c.machines_latest_schedule_rp_count <= 0) return 'no_scheduled_points';
  return null;
}

export const AZURE_CLIENT_INELIGIBLE_TEXT: Record<AzureClientIneligibility, string> = {
  brc_only: 'This client has the backup-recovery-client product without 360 recover.',
  macos_only: 'This client protects macOS systems only, which cannot be restored to Azure.',
  no_scheduled_points: 'This client has no scheduled restore point yet.',
};

// --- The simulator's device login page (not in the spec; dashboard-device-azure 4) --------------

/**
 * What the person sends from the page: the user code alone to look it up, or with the account
 * picked to sign in as that account and consent (which spends the code).
 */
export const simDeviceLoginBody = z.object({
  user_code: z.string().trim().min(1).max(32),
  account: z.string().trim().min(3).max(120).optional(),
});
export const simDeviceLoginAnswer = z.object({
  ok: z.boolean(),
  /** The access the code asks for, once the code is accepted. */
  scope: z.enum(['manager', 'storage']).nullable(),
  accounts: z.array(z.string()),
  expires_at: z.number().nullable(),
  /** Why the code is refused, as Microsoft's page words it. */
  message: z.string().nullable(),
});
export type SimDeviceLoginAnswer = z.infer<typeof simDeviceLoginAnswer>;

/** The device step's password modal (dashboard-device-azure 5); the server checks the password. */
export const azurePasswordForm = z.object({
  password: z.string().min(1, 'Enter the password.').max(256, 'The password is too long.'),
});
