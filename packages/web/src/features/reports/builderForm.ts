import {
  checkReportDates,
  isoDay,
  previousPeriod,
  REPORT_FREQUENCIES,
  REPORT_LEVELS,
} from '@lifeboat/contract';
import { z } from 'zod';

// The options step's form (spec 4, 5): the contract's date rules decide whether Generate is
// enabled, with the same sentences the server answers.
export const builderSchema = (clientCreatedAt: number | null, now: number) =>
  z
    .object({
      // Only gates the client select (staff and distributors); a client user has none.
      reseller_id: z.string(),
      client_id: z.string().min(1, 'Choose a client.'),
      mode: z.enum(['oneoff', 'scheduled']),
      frequency: z.enum(REPORT_FREQUENCIES),
      from_date: z.string(),
      to_date: z.string(),
      level: z.enum(REPORT_LEVELS),
    })
    .superRefine((v, ctx) => {
      if (clientCreatedAt === null) return;
      const bad = checkReportDates({ from: v.from_date, to: v.to_date, clientCreatedAt, now });
      if (bad) ctx.addIssue({ code: 'custom', path: ['to_date'], message: bad.message });
    });

export type BuilderValues = z.infer<ReturnType<typeof builderSchema>>;

/** The reseller and client known from the user (a reseller's own, a client user's own company). */
export function defaultValues(resellerId: number | null, clientId: number | null = null): BuilderValues {
  const p = previousPeriod('monthly', isoDay(Date.now()));
  return {
    reseller_id: resellerId === null ? '' : String(resellerId),
    client_id: clientId === null ? '' : String(clientId),
    mode: 'oneoff',
    frequency: 'monthly',
    from_date: p.from,
    to_date: p.to,
    level: 'detailed',
  };
}

/** Scheduled mode computes the period from the frequency (spec 4). */
export const scheduledPeriod = (frequency: BuilderValues['frequency']) =>
  previousPeriod(frequency, isoDay(Date.now()));
