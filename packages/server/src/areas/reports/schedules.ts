import {
  checkEmails,
  DAY_MS,
  isoDay,
  nextDeliveryAt,
  previousPeriod,
  type ReportFrequency,
  type ReportParams,
  reportFileName,
  reportParams,
  type saveReportDefinitionBody,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../http/errors';
import { dropSchedule, putSchedule, scheduleNextRun } from '../../operations/scheduler';
import type { HandlerFor } from '../../operations/types';
import { type Actor, parseId, scoped, unscoped } from '../../scope';
import { REPORT_DELIVER } from './generate-handler';
import { sendReportMail } from './mail';
import { renderReport } from './render';
import { findClient, reportStatusOf } from './service';
import { registerReportSweep } from './sweep';

// Scheduled reports (spec 3 'Schedule definition', issue 15.4). A definition's next delivery is a
// row in `schedules` ('report:<id>'), claimed by the one scheduler: at 00:00 UTC after each period
// ends the run generates the period's report and e-mails it.

const PREFIX = 'report:';
const key = (id: number) => `${PREFIX}${id}`;

type Ctx = Pick<AppContext, 'dbh' | 'clock' | 'operations' | 'config'>;
type SaveBody = z.output<typeof saveReportDefinitionBody>;

/** The scheduler's family: the next slot is the next period boundary after now. */
export function registerReportSchedules(
  ctx: Pick<AppContext, 'dbh' | 'clock' | 'operations' | 'ports' | 'config'>,
) {
  ctx.operations.register(REPORT_DELIVER, reportDeliverHandler(ctx));
  registerReportSweep(ctx);
  ctx.operations.everyOf({
    prefix: PREFIX,
    kind: REPORT_DELIVER,
    input: (stored, slotAt) => ({ definitionId: (stored as { definitionId: number }).definitionId, slotAt }),
    next: (stored, _slotAt, now) => nextDeliveryAt((stored as { type: ReportFrequency }).type, now),
  });
}

/** POST report_definition/save: create or edit; a refused field is a 400 naming it. */
type SaveAnswer = { is_error: boolean; errors?: Record<string, string>; id?: number };

export async function saveDefinition(
  ctx: Ctx,
  actor: Actor,
  body: SaveBody,
  ip: string,
): Promise<SaveAnswer> {
  // The schedule edited first: another tenant's is a 404 (issue 11.3); then the fields, a 400 whose fields the form shows (issue 11.4).
  const existing = body.id === undefined ? null : parseId(body.id, 'This scheduled report');
  if (existing !== null) {
    const found = await scoped(ctx.dbh.db, actor)
      .selectFrom('report_definitions')
      .select('report_definitions.id')
      .where('report_definitions.id', '=', existing)
      .executeTakeFirst();
    if (!found) throw new NotFoundError('This scheduled report');
  }
  const emails = body.email_address
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const emailError = checkEmails(emails);
  if (emailError) throw new BadRequestError(emailError, { email_address: emailError });
  const paramsError = 'The report options are not valid.';
  let params: z.output<typeof reportParams>;
  try {
    const parsed = reportParams.safeParse(JSON.parse(body.report_params));
    if (!parsed.success) throw new BadRequestError(paramsError, { report_params: paramsError });
    params = parsed.data;
  } catch {
    throw new BadRequestError(paramsError, { report_params: paramsError });
  }
  const client = await findClient(ctx, actor, params.client_id);
  const now = ctx.clock.now();
  const values = {
    reseller_id: Number(client.reseller_id),
    client_id: params.client_id,
    name: body.name,
    delivery_type: body.delivery_type,
    email_address: JSON.stringify(emails),
    active: body.active === '1' ? (1 as const) : (0 as const),
    type: body.type,
    report_params: JSON.stringify(params),
    updated_at: now,
  };
  const id = await ctx.dbh.db.transaction().execute(async (trx) => {
    const s = scoped(trx, actor, {
      id: params.client_id,
      reseller_id: Number(client.reseller_id),
      client_id: params.client_id,
    });
    let defId: number;
    if (existing !== null) {
      const res = await s
        .updateTable('report_definitions')
        .set(values)
        .where('report_definitions.id', '=', existing)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new NotFoundError('This scheduled report');
      defId = existing;
    } else {
      const row = await s
        .insertInto('report_definitions')
        .values({ ...values, created_by: actor.userId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      defId = Number(row.id);
    }
    const sys = unscoped(trx, 'the schedule row of a definition the actor just saved in scope');
    if (values.active)
      await putSchedule(
        sys,
        {
          key: key(defId),
          kind: REPORT_DELIVER,
          input: { definitionId: defId, type: body.type },
          nextRunAt: nextDeliveryAt(body.type, now),
        },
        now,
      );
    else await dropSchedule(sys, key(defId));
    await audit(trx, now, {
      actor,
      action: existing === null ? 'report.schedule' : 'report.schedule_update',
      targetType: 'report_definition',
      targetId: defId,
      details: { client_id: params.client_id, type: body.type, emails, active: values.active },
      ip,
    });
    return defId;
  });
  return { is_error: false, id };
}

export async function listDefinitions(ctx: Ctx, actor: Actor) {
  const rows = await scoped(ctx.dbh.db, actor)
    .selectFrom('report_definitions')
    .innerJoin('organisations as c', 'c.id', 'report_definitions.client_id')
    .selectAll('report_definitions')
    .select('c.name as client_name')
    .orderBy('report_definitions.id')
    .execute();
  const sys = unscoped(ctx.dbh.db, 'the next runs of the definitions listed in scope');
  return {
    definitions: await Promise.all(
      rows.map(async (r) => {
        const p = JSON.parse(r.report_params) as ReportParams;
        return {
          id: Number(r.id),
          name: r.name,
          client_id: Number(r.client_id),
          client_name: r.client_name,
          type: r.type,
          level: p.level,
          bandwidth_estimate: p.bandwidth_estimate,
          summary_overview: p.summary_overview,
          suggested_actions: p.suggested_actions,
          email_address: JSON.parse(r.email_address) as string[],
          active: r.active === 1,
          next_run_at: await scheduleNextRun(sys, key(Number(r.id))),
        };
      }),
    ),
  };
}

export async function deleteDefinition(ctx: Ctx, actor: Actor, id: number, ip: string) {
  const found = await scoped(ctx.dbh.db, actor)
    .selectFrom('report_definitions')
    .select('report_definitions.id')
    .where('report_definitions.id', '=', id)
    .executeTakeFirst();
  if (!found) throw new NotFoundError('This scheduled report');
  await ctx.dbh.db.transaction().execute(async (trx) => {
    const res = await scoped(trx, actor)
      .deleteFrom('report_definitions')
      .where('report_definitions.id', '=', id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new NotFoundError('This scheduled report');
    await dropSchedule(unscoped(trx, 'the schedule row of a definition deleted in scope'), key(id));
    await audit(trx, ctx.clock.now(), {
      actor,
      action: 'report.schedule_delete',
      targetType: 'report_definition',
      targetId: id,
      ip,
    });
  });
  return { ok: true };
}

export async function reportHistory(ctx: Ctx, actor: Actor) {
  const rows = await scoped(ctx.dbh.db, actor)
    .selectFrom('reports')
    .innerJoin('organisations as c', 'c.id', 'reports.client_id')
    .leftJoin('users as u', 'u.id', 'reports.created_by')
    .leftJoin('operations as o', 'o.id', 'reports.operation_id')
    .select([
      'reports.id',
      'reports.from_date',
      'reports.to_date',
      'reports.created_at',
      'reports.sent_to',
      'reports.cancelled',
      'reports.pdf_bytes',
      'c.name as client_name',
      'u.name as user_name',
      'o.status as op_status',
      'o.progress as op_progress',
      'o.error as op_error',
      'o.created_at as op_created_at',
    ])
    .where('reports.expires_at', '>', ctx.clock.now())
    .orderBy('reports.created_at', 'desc')
    .limit(200)
    .execute();
  const now = ctx.clock.now();
  return {
    reports: rows.map((r) => {
      const { status, message } = reportStatusOf(r, now);
      return {
        id: Number(r.id),
        client_name: r.client_name,
        from_date: r.from_date,
        to_date: r.to_date,
        created_at: Number(r.created_at),
        created_by: r.user_name ?? (r.sent_to ? 'Schedule' : null),
        sent_to: r.sent_to ? (JSON.parse(r.sent_to) as string[]) : [],
        status,
        message,
      };
    }),
  };
}

/** The `reports.deliver` run: the period that ended at the slot, rendered and e-mailed. */
export function reportDeliverHandler(
  ctx: Pick<AppContext, 'dbh' | 'ports' | 'clock' | 'config'>,
): HandlerFor<typeof REPORT_DELIVER> {
  return async ({ input, op, progress, complete }) => {
    const db = unscoped(ctx.dbh.db, 'the schedule worker delivers the reports of every tenant');
    const def = await db
      .selectFrom('report_definitions as d')
      .innerJoin('organisations as c', 'c.id', 'd.client_id')
      .selectAll('d')
      .select('c.name as client_name')
      .where('d.id', '=', input.definitionId)
      .executeTakeFirst();
    if (!def?.active) return complete(async () => ({ skipped: 'paused or deleted' }));
    const params = reportParams.parse(JSON.parse(def.report_params));
    const emails = JSON.parse(def.email_address) as string[];
    const report = await deliveryRow(ctx.dbh.db, input, op.id, def, params, ctx);
    if (!report) return complete(async () => ({ skipped: 'deleted' }));
    const pdf = await renderReport(ctx, report, (step) =>
      progress(step === 'Reading the fleet' ? 10 : 40, step),
    );
    await progress(80, 'Sending the e-mail');
    const period = { from: report.from_date, to: report.to_date };
    const fileName = reportFileName(def.client_name, period.from, period.to);
    await sendReportMail(ctx.config, {
      to: emails,
      subject: `Executive summary: ${def.client_name}, ${period.from} to ${period.to}`,
      text: `The executive summary report of ${def.client_name} for ${period.from} to ${period.to} is attached.`,
      fileName,
      pdf,
      messageKey: String(op.id),
    });
    return complete(async (trx) => {
      await unscoped(trx, 'the delivered report of a schedule')
        .updateTable('reports')
        .set({ pdf: pdf.toString('base64'), pdf_bytes: pdf.length, sent_to: JSON.stringify(emails) })
        .where('id', '=', report.id)
        .where('operation_id', '=', op.id)
        .execute();
      await audit(trx, ctx.clock.now(), {
        organisationId: Number(def.reseller_id),
        action: 'report.deliver',
        targetType: 'report',
        targetId: report.id,
        details: { definition_id: Number(def.id), to: emails, from: period.from, to_date: period.to },
      });
      return { report_id: report.id, sent_to: emails };
    });
  };
}

type Definition = Selectable<Database['report_definitions']>;

/**
 * The history row of a delivery, written when the run starts so that a failed delivery shows in
 * the history with its reason, never not at all: the row a Try again names, the row this
 * operation made before a crash, or a new one for the period that ended at the slot.
 */
async function deliveryRow(
  dbIn: Kysely<Database>,
  input: { definitionId: number; slotAt: number; reportId?: number },
  operationId: number,
  def: Definition,
  params: ReportParams,
  ctx: Pick<AppContext, 'clock' | 'config'>,
) {
  const db = unscoped(dbIn, 'the schedule worker writes the history row of its delivery');
  const find = (column: 'id' | 'operation_id', value: number) =>
    db
      .selectFrom('reports')
      .selectAll()
      .where(column, '=', value)
      .where('definition_id', '=', Number(def.id))
      .executeTakeFirst();
  if (input.reportId !== undefined) return find('id', input.reportId);
  const mine = await find('operation_id', operationId);
  if (mine) return mine;
  const period = previousPeriod(def.type, isoDay(input.slotAt));
  const now = ctx.clock.now();
  const row = await db
    .insertInto('reports')
    .values({
      reseller_id: Number(def.reseller_id),
      client_id: Number(def.client_id),
      definition_id: Number(def.id),
      operation_id: operationId,
      from_date: period.from,
      to_date: period.to,
      level: params.level,
      bandwidth_estimate: params.bandwidth_estimate,
      summary_overview: params.summary_overview ?? null,
      suggested_actions: params.suggested_actions ?? null,
      pdf: null,
      sent_to: null,
      created_by: def.created_by,
      created_at: now,
      expires_at: now + ctx.config.reportHistoryDays * DAY_MS,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}
