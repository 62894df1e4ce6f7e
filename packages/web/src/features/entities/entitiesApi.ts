import type {
  ClientRecord,
  EntityListAnswer,
  EntityRows,
  EntitySaveAnswer,
  EntityTable,
  SupportLoginAnswer,
} from '@lifeboat/contract';
import { api, type FormValue } from '../../api/client';

// The entities area's calls (spec: inventory 7 POST /{entity}/data and
// POST /api/v1/object/{entity}/save) and its query keys.

export type ListQuery = Record<string, FormValue>;

export const entityKeys = {
  all: ['entities'] as const,
  table: (entity: EntityTable) => [...entityKeys.all, 'table', entity] as const,
  list: (entity: EntityTable, query: ListQuery) => [...entityKeys.table(entity), query] as const,
  client: (id: number) => [...entityKeys.all, 'client', id] as const,
  support: (kind: 'appliance' | 'vault', key: string) => [...entityKeys.all, 'support', kind, key] as const,
};

export function fetchEntityList<E extends EntityTable>(
  entity: E,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<EntityListAnswer<EntityRows[E]>> {
  return api(`/${entity}/data`, { form: query, signal });
}

export type SavableEntity = 'client' | 'user' | 'reseller';

export function saveEntity(
  entity: SavableEntity,
  fields: Record<string, FormValue>,
): Promise<EntitySaveAnswer> {
  return api(`/api/v1/object/${entity}/save`, { form: fields });
}

export function deleteEntity(entity: SavableEntity, id: number): Promise<{ is_error: boolean }> {
  return api(`/api/v1/object/${entity}/${id}`, { method: 'DELETE' });
}

export function fetchClient(id: number, signal?: AbortSignal): Promise<ClientRecord> {
  return api(`/api/v1/object/client/${id}`, { signal });
}

export function supportLogin(kind: 'appliance' | 'vault', key: string): Promise<SupportLoginAnswer> {
  return api(`/api/support/${kind}/${encodeURIComponent(key)}`, { method: 'POST' });
}
