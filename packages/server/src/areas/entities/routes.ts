import {
  ENTITY_PAGE_SIZES,
  type EntityListAnswer,
  type EntityListParams,
  type EntityTable,
  entityCalls,
  type entityListFields,
  roleCalls,
} from '@lifeboat/contract';
import type { Database } from '@lifeboat/db';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { addSaveRefusals } from '../../http/save-refusal';
import { type Actor, parseId } from '../../scope';
import { clientEditView, deleteClient, getClient, saveClient } from './client-service';
import { listAppliances, listLicenses, listVaults } from './infra-lists';
import { checkListFilters } from './list-params';
import { listClients, listDistributors, listResellers } from './org-lists';
import { deleteReseller, saveReseller } from './reseller-service';
import { createRole, deleteRole, listRoles, updateRole } from './role-service';
import { applianceLogin, vaultLogin } from './support-service';
import { listAdminUsers, listUsers } from './user-lists';
import { deleteUser, saveUser } from './user-service';

// spec: inventory-reports-exports-security 7: POST /{entity}/data (the tables) and
// POST /api/v1/object/{entity}/save (the edit dialogs). Deletes and support logins are ours
// (docs/decisions.md 'Entities').

type Lister = (db: Kysely<Database>, actor: Actor, p: EntityListParams) => Promise<EntityListAnswer<unknown>>;

const TABLES: Record<EntityTable, Lister> = {
  distributor: listDistributors,
  reseller: listResellers,
  client: listClients,
  appliance: listAppliances,
  vault: listVaults,
  user: listUsers,
  license: listLicenses,
  // The provider's own tables: their declarations need manage_platform (route() refuses others).
  admin_user: listAdminUsers,
  support_appliance: listAppliances,
};

type ListFields = z.output<typeof entityListFields>;

/** The query (links) and the form body, the body winning key by key; then the defaults. */
export function listParams(query: ListFields | undefined, body: ListFields | undefined): EntityListParams {
  const given = (o: ListFields | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as ListFields;
  const p = { ...given(query), ...given(body) };
  return { ...p, page: p.page ?? 1, rows: p.rows ?? ENTITY_PAGE_SIZES[0], search: p.search ?? '' };
}

export function entitiesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.dbh.db;
  return async (app) => {
    const c = entityCalls;
    await app.register(async (tables) => {
      // Every key of a table's request is optional: a POST without a body is the query alone.
      tables.addHook('preValidation', async (req) => {
        req.body ??= {};
      });
      for (const entity of Object.keys(TABLES) as EntityTable[]) {
        const list = TABLES[entity];
        route(tables, c.list[entity], async ({ query, body, actor }) => {
          const p = listParams(query, body);
          await checkListFilters(db, actor, p);
          // The answer's schema (the table's row) checks and strips the lister's rows.
          return (await list(db, actor, p)) as never;
        });
      }
    });

    route(app, c.client, ({ params, actor }) => getClient(ctx, actor, parseId(params.id, 'This client')));
    route(app, c.clientEditView, ({ params, actor }) =>
      clientEditView(
        ctx,
        actor,
        params.clientId === '0' ? null : parseId(params.clientId, 'This client'),
        parseId(params.resellerId, 'This reseller'),
      ),
    );
    route(app, c.deleteClient, async ({ params, actor, req }) => {
      await deleteClient(ctx, actor, parseId(params.id, 'This client'), req.ip);
      return { is_error: false } as const;
    });
    route(app, c.deleteReseller, async ({ params, actor, req }) => {
      await deleteReseller(ctx, actor, parseId(params.id, 'This reseller'), req.ip);
      return { is_error: false } as const;
    });
    route(app, c.deleteUser, async ({ params, actor, req }) => {
      await deleteUser(ctx, actor, parseId(params.id, 'This user'), req.ip);
      return { is_error: false } as const;
    });

    // Saves (form or JSON): 201 when created. Every 400 of a save, a field the service refuses,
    // a body its schema refuses or a malformed body alike, carries the spec's is_error and
    // errors next to the shared code, message and fields.
    await app.register(async (saves) => {
      addSaveRefusals(saves);
      const saved = (reply: FastifyReply, r: { id: number; created: boolean }) => {
        reply.status(r.created ? 201 : 200);
        return { is_error: false, errors: {}, id: r.id } as const;
      };
      route(saves, c.saveClient, async ({ body, actor, req, reply }) =>
        saved(reply, await saveClient(ctx, actor, body, req.ip)),
      );
      route(saves, c.saveReseller, async ({ body, actor, req, reply }) =>
        saved(reply, await saveReseller(ctx, actor, body, req.ip)),
      );
      route(saves, c.saveUser, async ({ body, actor, req, reply }) =>
        saved(reply, await saveUser(ctx, actor, body, req.ip)),
      );
    });

    route(app, roleCalls.list, ({ actor }) => listRoles(ctx, actor, undefined));
    route(app, roleCalls.forOrganisation, ({ params, actor }) =>
      listRoles(ctx, actor, parseId(params.id, 'This organisation')),
    );
    route(app, roleCalls.create, ({ body, actor, req }) => createRole(ctx, actor, body, req.ip));
    route(app, roleCalls.update, ({ params, body, actor, req }) =>
      updateRole(ctx, actor, parseId(params.id, 'This role'), body, req.ip),
    );
    route(app, roleCalls.remove, ({ params, actor, req }) =>
      deleteRole(ctx, actor, parseId(params.id, 'This role'), req.ip),
    );

    route(app, c.applianceSupportLogin, ({ params, actor, req }) =>
      applianceLogin(ctx, actor, params.key, req.ip),
    );
    route(app, c.vaultSupportLogin, ({ params, actor, req }) =>
      vaultLogin(ctx, actor, parseId(params.id, 'This vault'), req.ip),
    );
  };
}
