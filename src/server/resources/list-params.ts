import { LIST_AFTER, LIST_ALL, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, LIST_PAGING_PARAMS } from '../../core/contract.js';
import { badRequest } from '../errors.js';
import { convertValue } from './convert.js';
import type { DeclaredChoice } from './declared-filters.js';
import type { Field, Resource } from './define.js';
import { MAX_IDS_PER_FIELD } from './validate.js';
import { containsValue, filtersByContains } from './text-filter.js';
import { parseCursor, type ListCursor } from './list-cursor.js';

export interface Filter {
  field: Field;
  /** Converted values (any of them matches); null means "no value". Text a person reads: the text it must contain. */
  values: unknown[];
}

/** `_{field}_gte` / `_{field}_lte`: an inclusive bound, converted like the field. */
export interface RangeFilter {
  field: Field;
  bound: 'gte' | 'lte';
  value: unknown;
}

/** Field types ordered as their stored values compare (ISO text for dates, numbers otherwise). */
export const RANGE_TYPES: ReadonlySet<Field['type']> = new Set(['date', 'datetime', 'integer', 'float32', 'money']);

export interface ListParams {
  page: number;
  /** LIST_ALL (-1) for every match. */
  limit: number;
  sort: { field: Field; descending: boolean };
  /** `_after`: the page starts after this row of the sort (a cursor), not at an offset. */
  after?: ListCursor;
  search: string | undefined;
  filters: Filter[];
  ranges: RangeFilter[];
  declared: DeclaredChoice[];
  /** The request's time, for declared filters ("em atraso" today). */
  now: Date;
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

/** A field that can be filtered on, by the name a filter gave; unknown or unfilterable ones are a 400 naming it. */
function filterField(resource: Resource, name: string): Field {
  const field = resource.field(name);
  if (!field || field.writeOnly) throw badRequest(`Campo de filtro desconhecido: "${name}".`);
  if (!field.filterable) throw badRequest(`Não é possível filtrar pelo campo "${name}".`);
  return field;
}

/** The field a `_{key}` parameter names: `_state` the field `state`, `_id` (no field `id`) the field `_id`. */
const fieldName = (resource: Resource, key: string): string => (resource.field(key.slice(1)) || !resource.field(key) ? key.slice(1) : key);

/** `_amount_gte=100`: the bound converted like the field; a missing or bad value is a 400 naming the field. */
function parseRange(resource: Resource, query: Query, key: string, base: string, bound: RangeFilter['bound']): RangeFilter {
  const name = fieldName(resource, base);
  const field = filterField(resource, name);
  if (!RANGE_TYPES.has(field.type)) throw badRequest(`O campo "${name}" não aceita intervalos (_${name}_gte, _${name}_lte): só datas e números.`);
  const raw = single(query, key)!.trim();
  if (raw === '') throw badRequest(`O filtro "${name}_${bound}" precisa de um valor.`);
  const converted = convertValue(field, raw);
  if (!converted.ok) throw badRequest(`Valor inválido no filtro "${name}_${bound}" (campo "${name}"): ${converted.message}`);
  return { field, bound, value: converted.value };
}

/**
 * `_standing=em_atraso`, `_owes_year=2024`: one of the declared filter's options or a whole
 * number within its bounds, else a 400 naming the filter.
 */
function parseDeclared(resource: Resource, query: Query, key: string): DeclaredChoice | undefined {
  const filter = resource.filters?.find((f) => `_${f.name}` === key);
  if (!filter) return undefined;
  const value = single(query, key)!.trim();
  if (filter.integer) {
    const { min, max } = filter.integer;
    const number = /^-?\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!(number >= min && number <= max)) throw badRequest(`Valor inválido no filtro "${filter.label}" (${filter.name}): indique um número inteiro de ${min} a ${max}.`);
    return { filter, value: String(number) };
  }
  if (!filter.options.some((o) => o.value === value)) {
    throw badRequest(`Valor inválido no filtro "${filter.label}" (${filter.name}): escolha um de ${filter.options.map((o) => o.value).join(', ')}.`);
  }
  return { filter, value };
}

const RANGE_KEY = /^(_.+)_(gte|lte)$/;

/**
 * Reads `_page` or `_after`, `_limit`, `_sort`, `_search`, `_{field}` filters, `_{field}_gte`/`_{field}_lte`
 * bounds and the resource's declared filters (docs/api.md, Lists). `now` is the request's
 * time (ctx.now()); callers that have none fall back to the wall clock.
 */
export function parseListParams(resource: Resource, query: Query, now = Date.now()): ListParams {
  const pageParam = integerParam(query, '_page') ?? 1;
  if (pageParam < 1) throw badRequest('O parâmetro "_page" deve ser 1 ou superior.');
  let limit = integerParam(query, '_limit') ?? LIST_DEFAULT_LIMIT;
  if (limit !== LIST_ALL) limit = Math.min(Math.max(limit, 1), LIST_MAX_LIMIT);
  const sort = parseSort(resource, single(query, '_sort')?.trim() || resource.defaultSort);
  const search = single(query, '_search')?.trim() || undefined;
  const cursor = single(query, LIST_AFTER)?.trim();
  if (cursor !== undefined && query._page !== undefined) throw badRequest(`Use "_page" ou "${LIST_AFTER}", não os dois.`);
  const after = cursor ? parseCursor(cursor, sort) : undefined;

  const filters: Filter[] = [];
  const ranges: RangeFilter[] = [];
  const declared: DeclaredChoice[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith('_') || LIST_PAGING_PARAMS.includes(key) || raw === undefined) continue;
    // `_state=2` filters the field `state`; `_id=1` has no field `id`, so it filters `_id` itself.
    const name = fieldName(resource, key);
    if (!resource.field(name)) {
      // Not a field: one of the resource's declared filters, or a bound of a field's range.
      const choice = parseDeclared(resource, query, key);
      if (choice) {
        declared.push(choice);
        continue;
      }
      const range = RANGE_KEY.exec(key);
      if (range) {
        ranges.push(parseRange(resource, query, key, range[1]!, range[2] as RangeFilter['bound']));
        continue;
      }
    }
    const field = filterField(resource, name);
    const given = Array.isArray(raw) ? raw : [raw];
    if (given.length > MAX_IDS_PER_FIELD) throw badRequest(`O filtro "${name}" aceita no máximo ${MAX_IDS_PER_FIELD} valores.`);
    // Text a person reads matches by "contains" (text-filter.ts); everything else by its exact value.
    const values = given.map((v) => {
      if (filtersByContains(field)) return containsValue(field, name, v);
      const converted = convertValue(field.type === 'references' ? { ...field, type: 'reference' } : field, v);
      if (!converted.ok) throw badRequest(`Valor inválido no filtro "${name}": ${converted.message}`);
      return converted.value;
    });
    filters.push({ field, values });
  }
  return { page: pageParam, limit, sort, ...(after ? { after } : {}), search, filters, ranges, declared, now: new Date(now) };
}
