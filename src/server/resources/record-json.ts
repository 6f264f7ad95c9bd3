import { sql, type RawBuilder } from 'kysely';
import type { Database, Engine } from '../db/database.js';
import type { Role } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import { computedExpression, FIELD_KINDS } from '../fields/index.js';
import { isColumn, type Field, type Resource } from './define.js';
import { canReadField } from './permissions.js';

/** The select-list name of a row's record JSON. */
export const RECORD_JSON = 'record_json';

/** json_object takes a name and a value per field; SQLite refuses more than 1000 arguments. */
const MAX_JSON_FIELDS = 500;

/** A field's value as its record answers it, as the database's JSON: the stored value through its kind's json. */
function jsonValue(engine: Engine, resource: Resource, field: Field): RawBuilder<unknown> | undefined {
  if (field.type === 'references') {
    if (!field.through) return undefined;
    // As withLinks lists them: the linked ids in order, [] when none.
    const { table, self, other } = field.through;
    const owner = sql.ref(`${resource.name}._id`);
    return engine === 'sqlite'
      ? sql`json((SELECT json_group_array(${sql.ref(other)}) FROM (SELECT ${sql.ref(other)} FROM ${sql.table(table)} WHERE ${sql.ref(self)} = ${owner} ORDER BY ${sql.ref(other)})))`
      : sql`COALESCE((SELECT json_agg(${sql.ref(other)} ORDER BY ${sql.ref(other)}) FROM ${sql.table(table)} WHERE ${sql.ref(self)} = ${owner}), '[]'::json)`;
  }
  const stored = field.type === 'computed' ? computedExpression(field.computed!) : isColumn(field) ? sql.ref(field.name) : undefined;
  return stored && (FIELD_KINDS[field.type].json?.(stored, field, engine) ?? stored);
}

function build(database: Database, resource: Resource, caller: Caller): RawBuilder<string> | undefined {
  const fields = resource.fields.flatMap((field) => {
    const value = canReadField(field, caller) ? jsonValue(database.engine, resource, field) : undefined;
    return value ? [{ name: field.name, value }] : [];
  });
  let json: RawBuilder<string>;
  if (database.engine === 'sqlite') {
    if (fields.length > MAX_JSON_FIELDS) return undefined;
    json = sql<string>`json_object(${sql.join(fields.flatMap((f) => [sql.lit(f.name), f.value]))})`;
  } else {
    // A row of the values named as the fields: its JSON keeps their order (json_build_object
    // would stop at 50 fields). Text, as the page's other records are joined to it as text.
    json = sql<string>`(SELECT row_to_json(record)::text FROM (SELECT ${sql.join(fields.map((f) => sql`${f.value} AS ${sql.id(f.name)}`))}) record)`;
  }
  // Compiled once: names are literals and columns references, so the text binds no parameter,
  // and Kysely would otherwise compile its few dozen nodes again on every page.
  const compiled = json.compile(database.db);
  if (compiled.parameters.length > 0) throw new Error(`${resource.name}: a record's JSON expression must bind no parameter`);
  return sql.raw<string>(compiled.sql);
}

type ByRole = Map<Role | 'anonymous', RawBuilder<string> | undefined>;
const built = new WeakMap<Resource, Map<Engine, ByRole>>();

/**
 * The expression of a stored row as the record `caller` receives (toRecord after withLinks, as
 * JSON text): the same fields in the same order, so a list page's rows go out as the database
 * wrote them, without a row object, a conversion or JSON.stringify per value. Undefined when a
 * resource has more fields than SQLite's json_object takes. Kept per resource, engine and role,
 * the only things the expression depends on.
 */
export function recordJson(database: Database, resource: Resource, caller: Caller): RawBuilder<string> | undefined {
  const role = caller.kind === 'anonymous' ? 'anonymous' : caller.role;
  let byEngine = built.get(resource);
  if (!byEngine) built.set(resource, (byEngine = new Map<Engine, ByRole>()));
  let byRole = byEngine.get(database.engine);
  if (!byRole) byEngine.set(database.engine, (byRole = new Map() as ByRole));
  if (!byRole.has(role)) byRole.set(role, build(database, resource, caller));
  return byRole.get(role);
}
