import { DEFAULT_SORT, type Core, type ListStore } from '../../core/index.js';

/**
 * The order a list opens in: the page's (`sort="-date"`, newest first) while the user has chosen
 * none for this resource in this session and the list is still in the API's default order;
 * undefined when there is nothing to change.
 */
export function openingSort(core: Pick<Core, 'preferences'>, store: Pick<ListStore, 'resource' | 'query'>, opening: string | undefined): string | undefined {
  if (!opening || core.preferences.sortOrder(store.resource) !== null) return undefined;
  return store.query.value.sort === DEFAULT_SORT && opening !== DEFAULT_SORT ? opening : undefined;
}
