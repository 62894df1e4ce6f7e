import {
  applianceRow,
  clientRecord,
  clientRow,
  clientSaveRequest,
  distributorRow,
  type EntityListAnswer,
  type EntityListParams,
  type EntityTable,
  entityListAnswer,
  entityListRequest,
  entitySaveAnswer,
  licenseRow,
  resellerRow,
  resellerSaveRequest,
  supportLoginAnswer,
  userRow,
  userSaveRequest,
  vaultRow,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../http/auth';
import { BadRequestError, ForbiddenError } from '../../http/errors';
import { type Actor, parseId } from '../../scope';
import { deleteClient, getClient, saveClient } from './client-service';
import { listAppliances, listLicenses, listVaults } from './infra-lists';
import { listClients, listDistributors, listResellers } from './org-lists';
import { isProviderStaff } from './permissions';
import { saveReseller } from './reseller-service';
import { applianceLogin, vaultLogin } from './support-service';
import { listAdminUsers, listUsers } from './user-lists';
import { deleteUser, saveUser } from './user-service';

// spec: inventory-reports-exports-security 7: POST /{entity}/data (the tables) and
// POST /api/v1/object/{entity}/save (the edit dialogs). Deletes and support logins are ours
// (docs/decisions.md 'Entities').

type Lister = (db: Kysely<Database>, actor: Actor, p: EntityListParams) => Promise<EntityListAnswer<unknown>>;

function staffOnly(list: Lister): Lister {
  return (db, actor, p) => {
    if (!isProviderStaff(actor)) throw new ForbiddenError('Only the provider\u2019s staff see this table.');
    return list(db, actor, p);
  };
}

const TABLES: Record<EntityTable, { list: Lister; row: z.ZodTypeAny }> = {
  distributor: { list: listDistributors, row: distributorRow },
  reseller: { list: listResellers, row: resellerRow },
  client: { list: listClients, row: clientRow },
  appliance: { list: listAppliances, row: applianceRow },
  vault: { list: listVaults, row: vaultRow },
  user: { list: listUsers, row: userRow },
  license: { list: listLicenses, row: licenseRow },
  admin_user: { list: listAdminUsers, row: userRow },
  support_appliance: { list: staffOnly(listAppliances), row: applianceRow },
};

/** Parse a form or JSON body; a bad one is a 400 naming the field. */
function parse<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.join('.') || 'request'] ??= issue.message;
  const [field, message] = Object.entries(fields)[0] ?? ['request', 'is not valid'];
  throw new BadRequestError(`Please check \u201c${field}\u201d: ${message}`, fields);
}

const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** A failed save answers 400 with the spec's is_error and errors next to our code and message. */
async function saving(reply: FastifyReply, work: () => Promise<{ id: number; created: boolean }>) {
  try {
    const { id, created } = await work();
    return reply.status(created ? 201 : 200).send({ is_error: false, errors: {}, id });
  } catch (err) {
    if (err instanceof BadRequestError && err.fields)
      return reply.status(400).send({
        is_error: true,
        errors: err.fields,
        message: err.message,
        code: err.code,
        fields: err.fields,
      });
    throw err;
  }
}

const idParams = z.object({ id: z.string().max(32) });
const saveResponses = { 200: entitySaveAnswer, 201: entitySaveAnswer, 400: entitySaveAnswer.passthrough() };

export function entitiesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [entity, table] of Object.entries(TABLES)) {
      app.post(
        `/${entity}/data`,
        { schema: { response: { 200: entityListAnswer(table.row) } } },
        // Query parameters are accepted too (links, benchmarks); the body wins.
        async (req) =>
          table.list(
            ctx.dbh.db,
            actorOf(req),
            parse(entityListRequest, { ...asObject(req.query), ...asObject(req.body) }),
          ),
      );
    }

    app.get(
      '/api/v1/object/client/:id',
      { schema: { params: idParams, response: { 200: clientRecord } } },
      async (req) => getClient(ctx, actorOf(req), parseId(req.params.id, 'This client')),
    );
    app.post('/api/v1/object/client/save', { schema: { response: saveResponses } }, (req, reply) =>
      saving(reply, () => saveClient(ctx, actorOf(req), parse(clientSaveRequest, req.body), req.ip)),
    );
    app.post('/api/v1/object/reseller/save', { schema: { response: saveResponses } }, (req, reply) =>
      saving(reply, () => saveReseller(ctx, actorOf(req), parse(resellerSaveRequest, req.body), req.ip)),
    );
    app.post('/api/v1/object/user/save', { schema: { response: saveResponses } }, (req, reply) =>
      saving(reply, () => saveUser(ctx, actorOf(req), parse(userSaveRequest, req.body), req.ip)),
    );
    app.delete('/api/v1/object/client/:id', { schema: { params: idParams } }, async (req) => {
      await deleteClient(ctx, actorOf(req), parseId(req.params.id, 'This client'), req.ip);
      return { is_error: false };
    });
    app.delete('/api/v1/object/user/:id', { schema: { params: idParams } }, async (req) => {
      await deleteUser(ctx, actorOf(req), parseId(req.params.id, 'This user'), req.ip);
      return { is_error: false };
    });

    app.post(
      '/api/support/appliance/:key',
      { schema: { params: z.object({ key: z.string().max(64) }), response: { 200: supportLoginAnswer } } },
      async (req) => applianceLogin(ctx, actorOf(req), req.params.key, req.ip),
    );
    app.post(
      '/api/support/vault/:id',
      { schema: { params: idParams, response: { 200: supportLoginAnswer } } },
      async (req) => vaultLogin(ctx, actorOf(req), parseId(req.params.id, 'This vault'), req.ip),
    );
  };
}
