import {
  type EntitySaveAnswer,
  type EntityTable,
  entityCalls,
  type SupportLoginAnswer,
} from '@lifeboat/contract';
import { call } from '../../api/call';
import type { FormValue } from '../../api/client';
import type { ListState } from '../../components/lists/useListState';

// The entities area's calls (spec: inventory 7 POST /{entity}/data and
// POST /api/v1/object/{entity}/save); reads go through useCall.

export type ListQuery = Record<string, FormValue>;

/** What POST /{entity}/data receives for a table's url state (entity filters take one value). */
export function entityListQuery(state: Pick<ListState, 'page' | 'rows' | 'search' | 'filters'>): ListQuery {
  const query: ListQuery = { page: state.page, rows: state.rows, search: state.search };
  for (const [k, v] of Object.entries(state.filters)) if (v[0]) query[k] = v[0];
  return query;
}

/** The list call of an entity table: every table takes the same request; its rows follow the table. */
export function entityListCall(entity: EntityTable) {
  return entityCalls.list[entity] as (typeof entityCalls.list)['client'];
}

export type SavableEntity = 'client' | 'user' | 'reseller';

export function saveEntity(
  entity: SavableEntity,
  fields: Record<string, FormValue>,
): Promise<EntitySaveAnswer> {
  const decl = {
    client: entityCalls.saveClient,
    user: entityCalls.saveUser,
    reseller: entityCalls.saveReseller,
  }[entity];
  return call(decl as typeof entityCalls.saveClient, { form: fields });
}

export type DeletableEntity = 'client' | 'user' | 'reseller';

export function deleteEntity(entity: DeletableEntity, id: number): Promise<{ is_error: boolean }> {
  const decl = {
    client: entityCalls.deleteClient,
    user: entityCalls.deleteUser,
    reseller: entityCalls.deleteReseller,
  }[entity];
  return call(decl, { params: { id } });
}

export function supportLogin(kind: 'appliance' | 'vault', key: string): Promise<SupportLoginAnswer> {
  return kind === 'appliance'
    ? call(entityCalls.applianceSupportLogin, { params: { key } })
    : call(entityCalls.vaultSupportLogin, { params: { id: key } });
}
