import { ENTITY_PAGE_SIZES } from '@lifeboat/contract';
import { type ListState, useListState } from '../../components/lists/useListState';

/** An entity table's url state: the one list state, with the entity tables' page sizes and no sort. */
export function useEntityListState(filterKeys?: readonly string[]): ListState {
  return useListState({ filterKeys, sizes: ENTITY_PAGE_SIZES });
}
