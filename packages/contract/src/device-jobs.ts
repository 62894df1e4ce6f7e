import { z } from 'zod';

// Job history and job details (spec: dashboard-device-azure 3 'Job history row', 'Job details',
// 4 'Job status').

/** IDLE, RUNNING and RESUME all count as in progress. */
export const IN_PROGRESS_STATUSES = ['IDLE', 'RUNNING', 'RESUME'] as const;

export const JOB_DISPLAY_STATUSES = [
  'In Progress',
  'Completed',
  'Failed',
  'Missed',
  'Auto Paused',
  'Manually Paused',
] as const;
export type JobDisplayStatus = (typeof JOB_DISPLAY_STATUSES)[number];

export function isJobInProgress(status: string): boolean {
  return (IN_PROGRESS_STATUSES as readonly string[]).includes(status);
}

/** The history table's display status of a raw job status; null for an unknown value. */
export function jobDisplayStatus(status: string): JobDisplayStatus | null {
  if (isJobInProgress(status)) return 'In Progress';
  switch (status) {
    case 'COMPLETED':
      return 'Completed';
    case 'FAILED':
      return 'Failed';
    case 'MISSED':
      return 'Missed';
    case 'PAUSED':
      return 'Auto Paused';
    case 'MANUALLY_PAUSED':
      return 'Manually Paused';
    default:
      return null;
  }
}

/** "Incremental backup", "Initial replication": backup type plus the target (spec 4). */
export function jobTypeLabel(kind: string, backupType: string): string {
  return `${backupType} ${kind.toLowerCase()}`;
}

export interface JobDetailsFields {
  end: boolean;
  duration: boolean;
  pausedAt: boolean;
  progress: boolean;
  size: boolean;
  error: boolean;
  pauseMessage: boolean;
}

/** Which rows the job details modal shows for a raw status (spec 4, details modal rules). */
export function jobDetailsFields(status: string): JobDetailsFields {
  const inProgress = isJobInProgress(status);
  const paused = status === 'PAUSED' || status === 'MANUALLY_PAUSED';
  const finished = status === 'COMPLETED' || status === 'FAILED';
  return {
    end: finished,
    duration: finished,
    pausedAt: paused,
    progress: inProgress || paused,
    size: status !== 'MISSED' && status !== 'FAILED',
    error: status === 'FAILED',
    pauseMessage: status === 'PAUSED',
  };
}

export const jobHistoryRow = z.object({
  document_id: z.number().int(),
  machine_id: z.number().int(),
  /** Raw status (COMPLETED, RUNNING, ...). */
  raw_status: z.string(),
  /** Display status of the table (In Progress, Completed, ...). */
  status: z.string(),
  type: z.enum(['Backup', 'Replication']),
  backup_type: z.enum(['Initial', 'Incremental', 'Full']),
  in_progress: z.boolean(),
  start_time: z.number(),
  end_time: z.number().nullable(),
  duration: z.number().nullable(),
  size: z.number(),
  percentage_complete: z.number(),
});
export type JobHistoryRow = z.infer<typeof jobHistoryRow>;

/** GET /device/job_history/{deviceId}/{page}/{rows} -> job_history_data */
export const jobHistoryAnswer = z.object({
  ok: z.literal(true),
  job_history_data: z.object({
    rows: z.array(jobHistoryRow),
    page: z.number().int(),
    rows_on_page: z.number().int(),
    /** Counted up to a cap; `count_capped` says the real total is larger. */
    records_count: z.number().int(),
    count_capped: z.boolean(),
  }),
});
export type JobHistoryAnswer = z.infer<typeof jobHistoryAnswer>;

/** GET /device/job_history_details/{deviceId} */
export const jobHistoryDetailsAnswer = z.object({
  ok: z.literal(true),
  job_history_columns: z.array(z.object({ key: z.string(), label: z.string() })),
  title: z.string(),
  refresh: z.string(),
  count: z.number().int(),
  rows_on_page: z.number().int(),
});
export type JobHistoryDetailsAnswer = z.infer<typeof jobHistoryDetailsAnswer>;

/** GET /device/get_job_details/{machineId}/{documentId}/{inProgress} */
export const jobDetailsAnswer = z.object({
  ok: z.literal(true),
  data: z.object({
    document_id: z.number().int(),
    status: z.string(),
    display_status: z.string(),
    type: z.string(),
    type_label: z.string(),
    initial_backup: z.boolean(),
    full_backup: z.boolean(),
    is_job_type_backup: z.boolean(),
    start_time: z.number(),
    end_time: z.number().nullable(),
    duration: z.number().nullable(),
    paused_at: z.number().nullable(),
    percentage_complete: z.number(),
    backup_size: z.number(),
    error_msg: z.string().nullable(),
    pause_message: z.string().nullable(),
    machine_id: z.number().int(),
    machine_name: z.string(),
    client_id: z.number().int(),
    client_name: z.string(),
    appliance_id: z.number().int().nullable(),
    appliance_name: z.string().nullable(),
    appliance_serial: z.string().nullable(),
    vault_id: z.number().int().nullable(),
    vault_name: z.string().nullable(),
    rb_sso_access: z.boolean(),
    is_client: z.boolean(),
  }),
});
export type JobDetailsAnswer = z.infer<typeof jobDetailsAnswer>;
export type JobDetails = JobDetailsAnswer['data'];

/** GET /job/get_job_health_history?device_id=: a week of job outcomes per day. */
export const jobHealthHistoryAnswer = z.object({
  ok: z.literal(true),
  title: z.string(),
  days: z.array(
    z.object({
      day: z.number(),
      completed: z.number().int(),
      failed: z.number().int(),
      missed: z.number().int(),
      other: z.number().int(),
    }),
  ),
});
export type JobHealthHistoryAnswer = z.infer<typeof jobHealthHistoryAnswer>;
