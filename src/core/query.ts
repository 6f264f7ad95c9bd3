import { DEFAULT_SORT, LIST_ALL, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from './constants.js';
import type { QueryParams } from './http.js';
import { LIST_PAGING_PARAMS } from './contract.js';

export interface ListQuery {
  /** 1-based. */
  page: number;
  /** Page size; -1 means all. */
  limit: number;
  /** A field name, '-' prefixed for descending. */
  sort: string;
  search: string;
  /** Sent as `_{key}=value`. */
  constraints: Record<string, string | number | boolean>;
}

export const DEFAULT_QUERY: Readonly<ListQuery> = Object.freeze({
  page: 1,
  limit: LIST_DEFAULT_LIMIT,
  sort: DEFAULT_SORT,
  search: '',
  constraints: {},
});

/** SPEC 5: 0 becomes 1, above 500 becomes 500, -1 means all. */
export function clampLimit(limit: number): number {
  if (limit === LIST_ALL) return LIST_ALL;
  if (!Number.isFinite(limit)) return LIST_DEFAULT_LIMIT;
  return Math.min(LIST_MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

export function normalizeQuery(query: Partial<ListQuery>): ListQuery {
  const page = Math.max(1, Math.trunc(Number(query.page ?? 1)) || 1);
  return {
    page,
    limit: clampLimit(query.limit ?? LIST_DEFAULT_LIMIT),
    sort: query.sort && query.sort !== '-' ? query.sort : DEFAULT_SORT,
    search: query.search ?? '',
    constraints: { ...(query.constraints ?? {}) },
  };
}

export function queryParams(query: ListQuery): QueryParams {
  const params: QueryParams = {
    _page: query.limit === LIST_ALL ? 1 : query.page,
    _limit: query.limit,
    _sort: query.sort,
  };
  if (query.search) params._search = query.search;
  for (const [key, value] of Object.entries(query.constraints)) params[`_${key}`] = value;
  return params;
}

export function sortField(sort: string): { field: string; descending: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1), descending: true } : { field: sort, descending: false };
}

/** Clicking a column: same field flips the direction, another field sorts ascending. */
export function toggleSort(current: string, field: string): string {
  const { field: currentField, descending } = sortField(current);
  return currentField === field && !descending ? `-${field}` : field;
}

/**
 * The search, filters and sort of a list as a query string (`_search=ana&_state=2&_sort=-name`),
 * paging aside: what a saved filter keeps and what a bulk action on "all that match" sends.
 */
export function listQueryString(query: Pick<ListQuery, 'search' | 'sort' | 'constraints'>): string {
  const params = new URLSearchParams();
  if (query.search) params.set('_search', query.search);
  for (const [key, value] of Object.entries(query.constraints)) params.set(`_${key}`, String(value));
  if (query.sort && query.sort !== DEFAULT_SORT) params.set('_sort', query.sort);
  return params.toString();
}

/** A query string of listQueryString read back: its search, sort and filters (other parameters are ignored). */
export function listQueryFromString(text: string): Pick<ListQuery, 'search' | 'sort' | 'constraints'> {
  const params = new URLSearchParams(text);
  const constraints: ListQuery['constraints'] = {};
  for (const [key, value] of params) {
    if (key.startsWith('_') && !LIST_PAGING_PARAMS.includes(key)) constraints[key.slice(1)] = value;
  }
  return { search: params.get('_search') ?? '', sort: params.get('_sort') || DEFAULT_SORT, constraints };
}
