import {
  checkReportDates,
  DAY_MS,
  type GenerateReportBody,
  type generateReportBody,
  REPORT_TIMEOUT_MS,
  type ReportStatusAnswer,
  type regenerateReportBody,
  reportFileName,
} from '@lifeboat/contract';
import type { z } from 'zod';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { AppError, NotFoundError } from '../../http/errors';
import { enqueueForRow } from '../../operations/for-row';
import { type Actor, findOrgInScope, scoped, scopeKind } from '../../scope';
import { REPORT_DELIVER, REPORT_GENERATE } from './generate-handler';

type Ctx = Pick<AppContext, 'dbh' | 'clock' | 'operations' | 'config'>;

// Every level uses reports on the clients in its scope; a client user on its own company
// (docs/decisions.md, 'Client users report on their own company'). The scope decides (404).

/** GET get_resellers_list: the resellers in scope (staff and distributors choose one first). */
export async function listResellers(ctx: Ctx, actor: Actor) {
  const rows = await scoped(ctx.dbh.db, actor)
    .selectFrom('organisations')
    .select(['organisations.id', 'organisations.name'])
    .where('organisations.kind', '=', 'reseller')
    .orderBy('organisations.name_lc')
    .execute();
  return { entities_list: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
}

/** A client organisation in the actor's scope, or 404. */
export async function findClient(ctx: Ctx, actor: Actor, clientId: number) {
  const org = await findOrgInScope(ctx.dbh.db, actor, clientId, 'This client');
  if (org.kind !== 'client') throw new NotFoundError('This client');
  return org;
}

export async function listClients(ctx: Ctx, actor: Actor, resellerId: number) {
  // A client user names no reseller (its own is no filter it may set, issue 18.5).
  if (scopeKind(actor) === 'client') throw new NotFoundError('This reseller');
  const org = await findOrgInScope(ctx.dbh.db, actor, resellerId, 'This reseller');
  if (org.kind !== 'reseller') throw new NotFoundError('This reseller');
  const rows = await scoped(ctx.dbh.db, actor)
    .selectFrom('organisations')
    .select(['organisations.id', 'organisations.name'])
    .where('organisations.kind', '=', 'client')
    .where('organisations.reseller_id', '=', resellerId)
    .orderBy('organisations.name_lc')
    .execute();
  return { entities_list: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
}

export async function dateCreated(ctx: Ctx, actor: Actor, clientId: number) {
  const c = await findClient(ctx, actor, clientId);
  return { date_created: Math.floor(Number(c.created_at) / 1000) };
}

type Body = z.output<typeof generateReportBody>;

export type { GenerateReportBody };

/** POST generate_report: check the dates (spec 5), store the report and queue its rendering. */
export async function generateReport(ctx: Ctx, actor: Actor, clientId: number, body: Body, ip: string) {
  const client = await findClient(ctx, actor, clientId);
  const now = ctx.clock.now();
  const bad = checkReportDates({
    from: body.from_date,
    to: body.to_date,
    clientCreatedAt: Number(client.created_at),
    now,
  });
  if (bad) throw new AppError(400, bad.code, bad.message);
  const reportId = await ctx.dbh.db.transaction().execute(async (trx) => {
    const s = scoped(trx, actor, {
      id: clientId,
      reseller_id: Number(client.reseller_id),
      client_id: clientId,
    });
    const row = await s
      .insertInto('reports')
      .values({
        reseller_id: Number(client.reseller_id),
        client_id: clientId,
        definition_id: null,
        operation_id: null,
        from_date: body.from_date,
        to_date: body.to_date,
        level: body.level,
        bandwidth_estimate: body.bandwidth_estimate,
        summary_overview: body.summary_overview || null,
        suggested_actions: body.suggested_actions || null,
        pdf: null,
        sent_to: null,
        created_by: actor.userId,
        created_at: now,
        expires_at: now + ctx.config.reportHistoryDays * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await enqueueForRow(ctx.operations, trx, actor, 'reports', {
      kind: REPORT_GENERATE,
      input: { reportId: id },
      resellerId: Number(client.reseller_id),
      clientId,
      subjectType: 'report',
      subjectId: id,
      createdBy: actor.userId,
      maxAttempts: 2,
    });
    await audit(trx, now, {
      actor,
      action: 'report.generate',
      targetType: 'report',
      targetId: id,
      details: { client_id: clientId, from: body.from_date, to: body.to_date, level: body.level },
      ip,
    });
    return id;
  });
  ctx.operations.wake();
  return { report_id: reportId };
}

async function findReport(ctx: Ctx, actor: Actor, reportId: number) {
  const row = await scoped(ctx.dbh.db, actor)
    .selectFrom('reports')
    .leftJoin('operations as o', 'o.id', 'reports.operation_id')
    .select([
      'reports.id',
      'reports.client_id',
      'reports.reseller_id',
      'reports.from_date',
      'reports.to_date',
      'reports.cancelled',
      'reports.pdf_bytes',
      'reports.created_at',
      'reports.operation_id',
      'reports.definition_id',
      'o.status as op_status',
      'o.progress as op_progress',
      'o.error as op_error',
      'o.created_at as op_created_at',
    ])
    .where('reports.id', '=', reportId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This report');
  return row;
}

export const GENERATION_FAILED = 'The report could not be generated. Please try again later.';
export const GENERATION_TIMED_OUT = 'The report took too long to generate and was stopped.';

/** What the status of a report is computed from: its row and its operation's. */
export interface StatusFacts {
  cancelled: number;
  pdf_bytes: number | null;
  created_at: number;
  op_status: string | null;
  op_progress: number | null;
  op_error: string | null;
  op_created_at: number | null;
}

/**
 * A report's status in the spec's words (spec 4), for the builder's poll and the history alike:
 * a failed operation is FAILED with its sentence, never PENDING for ever.
 */
export function reportStatusOf(r: StatusFacts, now: number): ReportStatusAnswer {
  if (r.cancelled) return { status: 'CANCELLED', progress: 0, message: null };
  const progress = Number(r.op_progress ?? 0);
  switch (r.op_status) {
    case 'succeeded':
      return Number(r.pdf_bytes) > 0
        ? { status: 'COMPLETED', progress: 100, message: null }
        : { status: 'CANCELLED', progress: 0, message: null };
    case 'failed':
      return { status: 'FAILED', progress, message: r.op_error ?? GENERATION_FAILED };
    case 'running':
      return { status: 'RUNNING', progress, message: null };
    default:
      // Counted from the latest attempt: a report generated again gets its own 30 minutes.
      if (now - Number(r.op_created_at ?? r.created_at) > REPORT_TIMEOUT_MS)
        return { status: 'FAILED', progress, message: GENERATION_TIMED_OUT };
      return { status: 'PENDING', progress, message: null };
  }
}

/** GET report_status: the report's operation, in the spec's words (spec 4). */
export async function reportStatus(ctx: Ctx, actor: Actor, reportId: number): Promise<ReportStatusAnswer> {
  return reportStatusOf(await findReport(ctx, actor, reportId), ctx.clock.now());
}

type RegenerateBody = z.output<typeof regenerateReportBody>;

/** The texts and speed an Update sends; what it leaves out stays as it was. */
function editedTexts(body: RegenerateBody) {
  return {
    ...(body.summary_overview === undefined ? {} : { summary_overview: body.summary_overview || null }),
    ...(body.suggested_actions === undefined ? {} : { suggested_actions: body.suggested_actions || null }),
    ...(body.bandwidth_estimate === undefined ? {} : { bandwidth_estimate: body.bandwidth_estimate }),
  };
}

/**
 * POST regenerate: the same report drawn again, in place, with the texts and speed sent (Update)
 * or those it had (Try again). One report stays one row of the history; the operation of an
 * earlier attempt still running cannot store its PDF (the handler's write is fenced by the
 * report's operation_id).
 */
export async function regenerateReport(
  ctx: Ctx,
  actor: Actor,
  reportId: number,
  body: RegenerateBody,
  ip: string,
) {
  const r = await findReport(ctx, actor, reportId);
  const now = ctx.clock.now();
  const definitionId = r.definition_id === null ? null : Number(r.definition_id);
  // A delivery that failed is delivered again (its schedule's texts and addresses); one that
  // went out stays as sent.
  if (definitionId !== null && reportStatusOf(r, now).status === 'COMPLETED')
    throw new AppError(
      409,
      'REPORT_DELIVERED',
      'This report was sent by its schedule: the next one goes when the period ends.',
    );
  await ctx.dbh.db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('reports')
      .set({
        pdf: null,
        pdf_bytes: 0,
        cancelled: 0,
        // A scheduled report keeps its schedule's texts.
        ...(definitionId === null ? editedTexts(body) : {}),
      })
      .where('reports.id', '=', reportId)
      .execute();
    const tenant = {
      resellerId: Number(r.reseller_id),
      clientId: Number(r.client_id),
      subjectType: 'report',
      subjectId: reportId,
      createdBy: actor.userId,
    } as const;
    if (definitionId === null)
      await enqueueForRow(ctx.operations, trx, actor, 'reports', {
        kind: REPORT_GENERATE,
        input: { reportId },
        ...tenant,
        maxAttempts: 2,
      });
    else
      await enqueueForRow(ctx.operations, trx, actor, 'reports', {
        kind: REPORT_DELIVER,
        input: { definitionId, slotAt: now, reportId },
        ...tenant,
        maxAttempts: 1,
      });
    await audit(trx, now, {
      actor,
      action: 'report.regenerate',
      targetType: 'report',
      targetId: reportId,
      details: { after: r.op_status === 'failed' ? 'failure' : 'edit' },
      ip,
    });
  });
  ctx.operations.wake();
  return { report_id: reportId };
}

/** POST cancel: the rendering stores nothing once the report is cancelled. */
export async function cancelReport(ctx: Ctx, actor: Actor, reportId: number, ip: string) {
  const r = await findReport(ctx, actor, reportId);
  if (Number(r.pdf_bytes) > 0) return { ok: false };
  await ctx.dbh.db.transaction().execute(async (trx) => {
    await scoped(trx, actor)
      .updateTable('reports')
      .set({ cancelled: 1 })
      .where('reports.id', '=', reportId)
      .execute();
    await audit(trx, ctx.clock.now(), {
      actor,
      action: 'report.cancel',
      targetType: 'report',
      targetId: reportId,
      ip,
    });
  });
  return { ok: true };
}

async function reportPdf(ctx: Ctx, actor: Actor, reportId: number) {
  const r = await findReport(ctx, actor, reportId);
  const row = await scoped(ctx.dbh.db, actor)
    .selectFrom('reports')
    .innerJoin('organisations as c', 'c.id', 'reports.client_id')
    .select(['reports.pdf', 'c.name as client_name'])
    .where('reports.id', '=', reportId)
    .executeTakeFirst();
  if (!row?.pdf || r.cancelled) throw new AppError(409, 'NOT_READY', 'This report is not ready yet.');
  return { pdf: row.pdf, clientName: row.client_name, from: r.from_date, to: r.to_date };
}

/** GET content: the PDF, base64, for the preview. */
export async function reportContent(ctx: Ctx, actor: Actor, reportId: number) {
  return { data: (await reportPdf(ctx, actor, reportId)).pdf };
}

/** GET download/{id}/{from}/{to}: the PDF as a file named after the client and period (audited). */
export async function reportDownload(ctx: Ctx, actor: Actor, reportId: number, ip: string) {
  const r = await reportPdf(ctx, actor, reportId);
  await audit(ctx.dbh.db, ctx.clock.now(), {
    actor,
    action: 'report.download',
    targetType: 'report',
    targetId: reportId,
    ip,
  });
  return { bytes: Buffer.from(r.pdf, 'base64'), fileName: reportFileName(r.clientName, r.from, r.to) };
}
