import { z } from 'zod';
import { formId, jsonWhole } from './call';
import { textRule } from './fields';

// Appliance update schedules (issue 17.6; recovery-flow 2 'the add-appliances dialog', 5 'its
// input rule', 7 'Update schedule', 8 'Add-appliances warnings'): a reseller's weekly windows in
// which its appliances may install updates; an appliance belongs to at most one.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
/** The window's length in hours: from 1 to 12 (ours; the spec shows none). */
export const UPDATE_WINDOW_HOURS = { min: 1, max: 12 } as const;
/** Identifiers pasted into the dialog at once (ours). */
export const MAX_SIDS_PER_SAVE = 200;

export const scheduleMessages = {
  day: 'Choose the day of the week.',
  start: 'Enter the start as HH:MM on a 24-hour clock, such as 22:00.',
  hours: `Choose a window of ${UPDATE_WINDOW_HOURS.min} to ${UPDATE_WINDOW_HOURS.max} hours.`,
  sids: 'Enter appliance identifiers: digits and lower-case letters, separated by commas.',
  sidsRequired: 'Enter at least one appliance identifier.',
  tooMany: `Enter at most ${MAX_SIDS_PER_SAVE} identifiers at once.`,
} as const;

/** spec: recovery-flow 5: the dialog's input keeps digits, lower-case letters and commas only. */
export const cleanSidsInput = (v: string): string => v.replace(/[^0-9a-z,]/g, '');
/** ...and its value is split on commas (empty parts dropped, each identifier once). */
export const splitSids = (v: string): string[] => [...new Set(v.split(',').filter(Boolean))];

const sidsRule = z
  .string()
  .max(8000, scheduleMessages.tooMany)
  .refine((v) => /^[0-9a-z,]*$/.test(v), scheduleMessages.sids)
  .transform(splitSids)
  .pipe(
    z
      .array(z.string().max(64, scheduleMessages.sids))
      .min(1, scheduleMessages.sidsRequired)
      .max(MAX_SIDS_PER_SAVE, scheduleMessages.tooMany),
  );

/** POST /update_schedule/save_appliances (form post, recovery-flow 7). */
export const saveAppliancesBody = z.object({
  app_sids: sidsRule,
  update_schedule_id: formId,
});
/** The dialog's form: the same rule on the one input. */
export const addAppliancesForm = z.object({ app_sids: sidsRule });

const scheduleFields = {
  name: textRule('schedule name', 64, true),
  day: z.enum(WEEKDAYS, { error: scheduleMessages.day }),
  start: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, scheduleMessages.start)
    .meta({ examples: ['22:00'] }),
  hours: z
    .number({ error: scheduleMessages.hours })
    .int(scheduleMessages.hours)
    .min(UPDATE_WINDOW_HOURS.min, scheduleMessages.hours)
    .max(UPDATE_WINDOW_HOURS.max, scheduleMessages.hours),
};

/** POST /update_schedule/save/{resellerId}: a new schedule, or a change of `update_schedule_id`. */
export const saveUpdateScheduleBody = z.object({
  update_schedule_id: jsonWhole(1, 2 ** 31, 'The schedule must be an id (a whole number from 1).').optional(),
  ...scheduleFields,
});
export const updateScheduleForm = z.object(scheduleFields);

export const scheduleAppliance = z.object({
  id: z.number().int(),
  sid: z.string(),
  name: z.string(),
  client_name: z.string(),
});

export const updateSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  day: z.enum(WEEKDAYS),
  start: z.string(),
  hours: z.number().int(),
  /** "Sunday 22:00–02:00" */
  window: z.string(),
  appliances: z.array(scheduleAppliance),
});
export type UpdateSchedule = z.infer<typeof updateSchedule>;

/** GET /update_schedule/list/{resellerId}. */
export const updateSchedulesAnswer = z.object({
  ok: z.literal(true),
  reseller_id: z.number().int(),
  name: z.string(),
  can_edit: z.boolean(),
  schedules: z.array(updateSchedule),
});

/** GET /update_schedule/add_sids_to_update_schedule_dialog/{id}: what the dialog shows. */
export const addSidsDialogAnswer = z.object({
  ok: z.literal(true),
  title: z.string(),
  help: z.string(),
  schedule: updateSchedule,
});

/** POST /update_schedule/save_appliances -> warnings (recovery-flow 7, 8). */
export const saveAppliancesAnswer = z.object({
  ok: z.literal(true),
  /** One sentence per identifier not added: unknown, another tenant's, already in another schedule. */
  warnings: z.array(z.string()),
  added: z.array(z.string()),
  schedule: updateSchedule,
});

export const removeApplianceBody = z.object({
  appliance_id: jsonWhole(1, 2 ** 31, 'The appliance must be an id (a whole number from 1).'),
});

/** GET /update_schedule/for_appliance/{applianceId}: the schedule an appliance page shows. */
export const applianceScheduleAnswer = z.object({
  ok: z.literal(true),
  schedule: updateSchedule.omit({ appliances: true }).nullable(),
});

/** "Sunday 22:00–02:00": the window as people read it (it may end the next day). */
export function windowText(day: Weekday, start: string, hours: number): string {
  const [h, m] = start.split(':').map(Number);
  const endH = ((h ?? 0) + hours) % 24;
  const end = `${String(endH).padStart(2, '0')}:${String(m ?? 0).padStart(2, '0')}`;
  return `${WEEKDAY_NAMES[day]} ${start}–${end}`;
}
