import { LIST_ALL, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../core/contract.js';
import { badRequest } from '../errors.js';
import { convertValue } from './convert.js';
import type { Field, Resource } from './define.js';
import { MAX_IDS_PER_FIELD } from './validate.js';

export interface Filter {
  field: Field;
  /** Converted values (any of them matches); null means "no value". */
  values: unknown[];
}

export interface ListParams {
  page: number;
  /** LIST_ALL (-1) for every match. */
  limit: number;
  sort: { field: Field; descending: boolean };
  search: string | undefined;
  filters: Filter[];
}

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`O parâmetro "${name}" só pode aparecer uma vez.`);
  return value;
}

function integerParam(query: Query, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,9}$/.test(raw.trim())) throw badRequest(`O parâmetro "${name}" deve ser um número inteiro.`);
  return Number(raw);
}

/** Resolves a sort key ('name', '-created_at'); unknown or unsortable fields are a 400 naming them. */
function parseSort(resource: Resource, raw: string): ListParams['sort'] {
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  const field = resource.field(name);
  if (!field || field.writeOnly) throw badRequest(`Campo de ordenação desconhecido: "${name}".`);
  if (!field.sortable) throw badRequest(`Não é possível ordenar pelo campo "${name}".`);
  return { field, descending };
}

/** Reads `_page`, `_limit`, `_sort`, `_search` and `_{field}` filters (ARCHITECTURE.md contract). */
export function parseListParams(resource: Resource, query: Query): ListParams {
  const pageParam = integerParam(query, '_page') ?? 1;
  if (pageParam < 1) throw badRequest('O parâmetro "_page" deve ser 1 ou superior.');
  let limit = integerParam(query, '_limit') ?? LIST_DEFAULT_LIMIT;
  if (limit !== LIST_ALL) limit = Math.min(Math.max(limit, 1), LIST_MAX_LIMIT);
  const sort = parseSort(resource, single(query, '_sort')?.trim() || resource.defaultSort);
  const search = single(query, '_search')?.trim() || undefined;

  const filters: Filter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith('_') || ['_page', '_limit', '_sort', '_search'].includes(key) || raw === undefined) continue;
    // `_state=2` filters the field `state`; `_id=1` has no field `id`, so it filters `_id` itself.
    const name = resource.field(key.slice(1)) || !resource.field(key) ? key.slice(1) : key;
    const field = resource.field(name);
    if (!field || field.writeOnly) throw badRequest(`Campo de filtro desconhecido: "${name}".`);
    if (!field.filterable) throw badRequest(`Não é possível filtrar pelo campo "${name}".`);
    const given = Array.isArray(raw) ? raw : [raw];
    if (given.length > MAX_IDS_PER_FIELD) throw badRequest(`O filtro "${name}" aceita no máximo ${MAX_IDS_PER_FIELD} valores.`);
    const values = given.map((v) => {
      const converted = convertValue(field.type === 'references' ? { ...field, type: 'reference' } : field, v);
      if (!converted.ok) throw badRequest(`Valor inválido no filtro "${name}": ${converted.message}`);
      return converted.value;
    });
    filters.push({ field, values });
  }
  return { page: pageParam, limit, sort, search, filters };
}
