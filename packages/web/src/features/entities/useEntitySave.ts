import { useQueryClient } from '@tanstack/react-query';
import type { FormValue } from '../../api/client';
import { invalidateCalls } from '../../api/useCall';
import { type SavableEntity, saveEntity } from './entitiesApi';

/**
 * The send of an edit dialog's schema form: save, refresh the tables, report the id. A refusal
 * (spec: 8 'Entity save with is_error') is thrown for the form's mapper.
 */
export function useEntitySave(entity: SavableEntity, onSaved: (id: number) => void) {
  const client = useQueryClient();
  return async (fields: Record<string, FormValue>): Promise<void> => {
    const answer = await saveEntity(entity, fields);
    await invalidateCalls(client, ['entities']);
    onSaved(answer.id);
  };
}
