import type { RawBuilder, SqlBool } from 'kysely';

/**
 * A list filter a resource declares when no single field says it ("quotas em atraso", "deve
 * quotas de 2024"): either a fixed set of options or a whole number within bounds, each value a
 * WHERE condition that may depend on the request's time.
 */
export type DeclaredFilter = {
  /** Query parameter `_{name}` (e.g. `_standing=em_atraso`). */
  name: string;
  /** pt-PT, shown by list screens next to the options or the number. */
  label: string;
  /**
   * The WHERE condition for one value (already checked: one of the options, or an integer within
   * the bounds), evaluated with the request's time (ctx.now()). `table` is the resource's table
   * name for qualified columns (correlated subqueries).
   */
  where(value: string, now: Date, table: string): RawBuilder<SqlBool>;
} & (
  | { options: readonly { value: string; label: string }[]; integer?: never }
  | { integer: { min: number; max: number }; options?: never }
);

/** A declared filter as one request chose it. */
export interface DeclaredChoice {
  filter: DeclaredFilter;
  value: string;
}

// These already mean something after `_` in a list query.
const RESERVED = new Set(['page', 'limit', 'sort', 'search']);

/**
 * What is wrong with a resource's declared filters (a developer's mistake, thrown at start-up):
 * a name must not be a list parameter already, a field's filter or another declared filter.
 */
export function declaredFiltersProblem(filters: readonly DeclaredFilter[], fieldNames: readonly string[]): string | null {
  const taken = new Set(fieldNames);
  for (const filter of filters) {
    if (!/^[a-z][a-z0-9_]*$/.test(filter.name)) return `filter ${filter.name}: the name must be lower-case letters, digits and _.`;
    // `_id` names the field `_id` when there is no field `id`: a filter `id` would never be reached.
    if (RESERVED.has(filter.name) || taken.has(filter.name) || taken.has(`_${filter.name}`)) return `filter ${filter.name}: the name is already a list parameter or a field.`;
    if (/_(gte|lte)$/.test(filter.name)) return `filter ${filter.name}: _gte and _lte end range parameters.`;
    if (filter.integer) {
      const { min, max } = filter.integer;
      if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) return `filter ${filter.name}: integer bounds must be whole numbers, min <= max.`;
    } else {
      if (filter.options.length === 0) return `filter ${filter.name}: it needs at least one option.`;
      if (new Set(filter.options.map((o) => o.value)).size !== filter.options.length) return `filter ${filter.name}: two options share a value.`;
    }
    taken.add(filter.name);
  }
  return null;
}
