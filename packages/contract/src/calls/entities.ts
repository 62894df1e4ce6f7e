import { z } from 'zod';
import { type Call, defineCall, idParam, idParams, type TenantObject } from '../call';
import {
  applianceRow,
  clientEditView,
  clientRecord,
  clientRow,
  clientSaveRequest,
  distributorRow,
  type EntityTable,
  entityDeleteAnswer,
  entityListAnswer,
  entityListFields,
  entitySaveAnswer,
  entitySaveRefusal,
  licenseRow,
  resellerRow,
  resellerSaveRequest,
  supportLoginAnswer,
  userRow,
  userSaveRequest,
  vaultRow,
} from '../entities';
import type { Right } from '../rights';
import { errorResponse } from '../session';

// spec: inventory-reports-exports-security 7: POST /{entity}/data (the tables) and
// POST /api/v1/object/{entity}/save (the edit dialogs). Reading a client, deletes and support
// logins are ours (docs/decisions.md 'Entities').

/** The tables that need more than `read` (rights.ts): the provider's own tables. */
const TABLE_RIGHTS: Partial<Record<EntityTable, Right>> = {
  admin_user: 'manage_platform',
  support_appliance: 'manage_platform',
};
const SAVE_RIGHTS = { client: 'manage_clients', reseller: 'manage_resellers', user: 'manage_users' } as const;

/**
 * POST /{entity}/data: one table. The request's keys come as a form body or in the query (links);
 * the body wins. `ids` names only the filters this table checks against the user's scope.
 */
const table = <const E extends EntityTable, R extends z.ZodType>(
  entity: E,
  row: R,
  ids: Readonly<Record<string, TenantObject>>,
  summary: string,
) =>
  defineCall({
    area: 'entities',
    method: 'POST',
    path: `/${entity}/data` as `/${E}/data`,
    right: TABLE_RIGHTS[entity] ?? 'read',
    summary,
    query: entityListFields,
    form: entityListFields,
    ids,
    answers: { 200: entityListAnswer(row) },
  });

/** A save: 200 when edited, 201 when created, 400 with the spec's is_error and errors. */
const save = <const E extends 'client' | 'reseller' | 'user', B extends z.ZodObject>(
  entity: E,
  form: B,
  ids: Readonly<Record<string, TenantObject>>,
  summary: string,
) =>
  defineCall({
    area: 'entities',
    method: 'POST',
    path: `/api/v1/object/${entity}/save` as `/api/v1/object/${E}/save`,
    right: SAVE_RIGHTS[entity],
    summary,
    form,
    ids,
    answers: {
      200: entitySaveAnswer,
      201: entitySaveAnswer,
      400: z.union([entitySaveRefusal, errorResponse]),
    },
  });

const resellerFilter = { reseller_id: 'reseller' } as const;
const orgFilters = { reseller_id: 'reseller', client_id: 'client' } as const;

export const entityCalls = {
  list: {
    distributor: table('distributor', distributorRow, {}, 'The distributors table (provider staff).'),
    reseller: table('reseller', resellerRow, {}, 'The resellers table.'),
    client: table('client', clientRow, resellerFilter, 'The clients table, optionally of one reseller.'),
    appliance: table(
      'appliance',
      applianceRow,
      orgFilters,
      'The appliances table, optionally of one reseller or client.',
    ),
    vault: table(
      'vault',
      vaultRow,
      resellerFilter,
      "The vaults table: a reseller's vaults (as on its dashboard), or every vault in scope.",
    ),
    user: table(
      'user',
      userRow,
      resellerFilter,
      'The users table, optionally of one reseller and its clients.',
    ),
    license: table('license', licenseRow, orgFilters, 'The licenses table: seats and storage per appliance.'),
    admin_user: table(
      'admin_user',
      userRow,
      resellerFilter,
      'The provider\u2019s own staff (provider staff).',
    ),
    support_appliance: table(
      'support_appliance',
      applianceRow,
      orgFilters,
      'The appliances table of the support tab (provider staff).',
    ),
  } satisfies { [E in EntityTable]: Call },
  client: defineCall({
    area: 'entities',
    method: 'GET',
    path: '/api/v1/object/client/:id',
    right: 'manage_clients',
    summary: 'What the client dialog edits.',
    params: idParams,
    ids: { id: 'client' },
    answers: { 200: clientRecord },
  }),
  clientEditView: defineCall({
    area: 'entities',
    method: 'GET',
    path: '/client/load_edit_view/:clientId/:resellerId',
    right: 'manage_clients',
    summary:
      'The client edit dialog: a new client of a reseller (client 0, spec: dashboard-device-azure 7) or one to edit.',
    params: z.object({ clientId: idParam, resellerId: idParam }),
    ids: { clientId: 'client', resellerId: 'reseller' },
    answers: { 200: clientEditView },
  }),
  saveClient: save(
    'client',
    clientSaveRequest,
    { id: 'client', reseller_id: 'reseller' },
    'Create a client under a reseller (no id) or edit one (id).',
  ),
  saveReseller: save(
    'reseller',
    resellerSaveRequest,
    { id: 'reseller', distributor_id: 'organisation' },
    "Create a reseller under a distributor (no id) or edit one (id): the provider's staff and distributors.",
  ),
  saveUser: save(
    'user',
    userSaveRequest,
    { id: 'user', organisation_id: 'organisation', role_id: 'role' },
    'Create a user in an organisation (no id) or edit one (id).',
  ),
  deleteClient: defineCall({
    area: 'entities',
    method: 'DELETE',
    path: '/api/v1/object/client/:id',
    right: 'manage_clients',
    summary: 'Delete a client without systems, with its users.',
    params: idParams,
    ids: { id: 'client' },
    answers: { 200: entityDeleteAnswer },
  }),
  deleteReseller: defineCall({
    area: 'entities',
    method: 'DELETE',
    path: '/api/v1/object/reseller/:id',
    right: 'manage_resellers',
    summary: 'Delete a reseller without clients, appliances or vaults, with its users.',
    params: idParams,
    ids: { id: 'reseller' },
    answers: { 200: entityDeleteAnswer },
  }),
  deleteUser: defineCall({
    area: 'entities',
    method: 'DELETE',
    path: '/api/v1/object/user/:id',
    right: 'manage_users',
    summary: 'Delete a user.',
    params: idParams,
    ids: { id: 'user' },
    answers: { 200: entityDeleteAnswer },
  }),
  applianceSupportLogin: defineCall({
    area: 'entities',
    method: 'POST',
    path: '/api/support/appliance/:key',
    right: 'support_login',
    summary: 'Open a support login to an appliance, by id or serial (provider staff with support access).',
    params: z.object({ key: z.string().max(64) }),
    ids: { key: 'appliance' },
    answers: { 200: supportLoginAnswer },
  }),
  vaultSupportLogin: defineCall({
    area: 'entities',
    method: 'POST',
    path: '/api/support/vault/:id',
    right: 'support_login',
    summary: 'Open a support login to a vault (provider staff with support access).',
    params: z.object({ id: idParam }),
    ids: { id: 'vault' },
    answers: { 200: supportLoginAnswer },
  }),
};
