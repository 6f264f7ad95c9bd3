import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Role } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import { computedExpression, FIELD_KINDS } from '../fields/index.js';
import { isColumn, type Field, type Resource } from './define.js';
import { canReadField } from './permissions.js';

/** The select-list name of a row's record JSON. */
export const RECORD_JSON = 'record_json';

/** json_object takes a name and a value per field; SQLite refuses more than 1000 arguments. */
const MAX_JSON_FIELDS = 500;

/** A field's value as its record answers it, as SQLite's JSON: the stored value through its kind's sqliteJson. */
function jsonValue(resource: Resource, field: Field): RawBuilder<unknown> | undefined {
  if (field.type === 'references') {
    if (!field.through) return undefined;
    // As withLinks lists them: the linked ids in order, [] when none.
    const { table, self, other } = field.through;
    return sql`json((SELECT json_group_array(${sql.ref(other)}) FROM (SELECT ${sql.ref(other)} FROM ${sql.table(table)} WHERE ${sql.ref(self)} = ${sql.ref(`${resource.name}._id`)} ORDER BY ${sql.ref(other)})))`;
  }
  const stored = field.type === 'computed' ? computedExpression(field.computed!) : isColumn(field) ? sql.ref(field.name) : undefined;
  return stored && (FIELD_KINDS[field.type].sqliteJson?.(stored, field) ?? stored);
}

function build(db: Db, resource: Resource, caller: Caller): RawBuilder<string> | undefined {
  const parts: RawBuilder<unknown>[] = [];
  for (const field of resource.fields) {
    if (!canReadField(field, caller)) continue;
    const value = jsonValue(resource, field);
    if (value) parts.push(sql.lit(field.name), value);
  }
  if (parts.length / 2 > MAX_JSON_FIELDS) return undefined;
  // Compiled once: names are literals and columns references, so the text binds no parameter,
  // and Kysely would otherwise compile its few dozen nodes again on every page.
  const compiled = sql<string>`json_object(${sql.join(parts)})`.compile(db);
  if (compiled.parameters.length > 0) throw new Error(`${resource.name}: a record's JSON expression must bind no parameter`);
  return sql.raw<string>(compiled.sql);
}

type ByRole = Map<Role | 'anonymous', RawBuilder<string> | undefined>;
const built = new WeakMap<Resource, ByRole>();

/**
 * The SQLite expression of a stored row as the record `caller` receives (toRecord after
 * withLinks, as JSON text): the same fields in the same order, so a list page's rows go out
 * as the database wrote them, without a row object, a conversion or JSON.stringify per value.
 * Undefined when a resource has more fields than json_object takes. Kept per resource and role,
 * the only things the readable fields depend on.
 */
export function sqliteRecordJson(db: Db, resource: Resource, caller: Caller): RawBuilder<string> | undefined {
  const role = caller.kind === 'anonymous' ? 'anonymous' : caller.role;
  let byRole = built.get(resource);
  if (!byRole) built.set(resource, (byRole = new Map() as ByRole));
  if (!byRole.has(role)) byRole.set(role, build(db, resource, caller));
  return byRole.get(role);
}
