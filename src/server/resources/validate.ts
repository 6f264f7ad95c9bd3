import type { Caller } from '../auth/caller.js';
import type { Db, Row } from '../db/database.js';
import { forbidden } from '../errors.js';
import { REQUIRED_MESSAGE, ruleMessage } from '../../core/field-checks.js';
import { convertValue } from './convert.js';
import { fileErrors } from '../fields/file-claims.js';
import type { HookContext, Resource } from './define.js';
import { canWriteField } from './permissions.js';
import type { Registry } from './registry.js';
import { readEachTime, type RecordLookups } from './known-records.js';

/** create: a new record; replace: PUT (fields left out are cleared); patch: only fields sent change. */
export type WriteMode = 'create' | 'replace' | 'patch';

export interface Prepared {
  /** Values to store in the resource's table (write-only inputs included, for hooks). */
  values: Row;
  /** New id lists of many-to-many fields that were written. */
  links: Record<string, number[]>;
  errors: Record<string, string>;
  /** Fields that took their default value (a unique clash there is a race, not the client's fault). */
  defaulted: string[];
}

export const UNIQUE_MESSAGE = 'Já existe um registo com este valor.';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Most ids one field may name: beyond it a 422, before any query is built. */
export const MAX_IDS_PER_FIELD = 1000;

/**
 * Converts and checks a create or update body against the definition. Fields the server sets
 * and unknown members are ignored (clients send back what they read); a field the caller may
 * not change is a 403 when its value would change. `existing` carries many-to-many id lists.
 * `lookups`: how references and unique values are read (known-records.ts).
 */
export async function prepareWrite(
  db: Db,
  resource: Resource,
  caller: Caller,
  input: Record<string, unknown>,
  mode: WriteMode,
  existing: Row | undefined,
  registry: Pick<Registry, 'resourceByName'>,
  lookups: RecordLookups = readEachTime,
): Promise<Prepared> {
  const values: Row = {};
  const links: Record<string, number[]> = {};
  const errors: Record<string, string> = {};
  const defaulted: string[] = [];

  for (const field of resource.fields) {
    if (field.readOnly) continue;
    const sent = Object.hasOwn(input, field.name) && input[field.name] !== undefined;
    // A PUT clears what it leaves out, except what it could not send: write-only inputs, fields the
    // caller may not change, and fields with a default (leaving out `active` must not reactivate).
    if (!sent && (mode === 'patch' || (mode === 'replace' && (field.writeOnly || field.defaultValue || !canWriteField(field, caller))))) continue;
    let value: unknown = null;
    if (sent) {
      const sentValue = input[field.name];
      if (field.type === 'references' && Array.isArray(sentValue) && sentValue.length > MAX_IDS_PER_FIELD) {
        errors[field.name] = `Não pode indicar mais de ${MAX_IDS_PER_FIELD} registos.`;
        continue;
      }
      const converted = convertValue(field, input[field.name]);
      if (!converted.ok) {
        errors[field.name] = converted.message;
        continue;
      }
      value = converted.value;
    }
    // "No value" on a new record means the default (e.g. the next free member number).
    if (isEmpty(value) && field.defaultValue && (mode === 'create' || !field.validation.required)) {
      value = await field.defaultValue(db);
      defaulted.push(field.name);
    }
    if (isEmpty(value) && mode === 'create' && field.createDefault) value = await field.createDefault(db);
    if (!canWriteField(field, caller)) {
      const fallback = field.defaultValue ?? (mode === 'create' ? field.createDefault : undefined);
      const current = existing ? existing[field.name] : fallback ? await fallback(db) : null;
      if (!same(value, current)) throw forbidden(`Não tem permissão para alterar o campo "${field.name}".`);
      // A new record still gets the default of a field its author may not choose.
      if (existing || isEmpty(current)) continue;
      value = current;
    }
    if (field.validation.required && isEmpty(value) && !(field.writeOnly && existing)) {
      errors[field.name] = REQUIRED_MESSAGE;
      continue;
    }
    if (isEmpty(value)) {
      if (field.type === 'references') links[field.name] = [];
      else if (!field.writeOnly) values[field.name] = value;
      continue;
    }
    const message = ruleMessage(field.validation, value);
    if (message) {
      errors[field.name] = message;
      continue;
    }
    if (field.type === 'references') links[field.name] = value as number[];
    else values[field.name] = value;
  }

  for (const field of resource.fields) {
    if (errors[field.name] || !field.ref) continue;
    const ids = field.type === 'references' ? links[field.name] : values[field.name] == null ? [] : [values[field.name] as number];
    const target = registry.resourceByName(field.ref);
    if (ids && target && (await lookups.anyMissing(db, target.name, ids))) {
      errors[field.name] = `Não existe ${field.type === 'references' ? 'algum dos registos indicados' : 'o registo indicado'} em "${target.label}".`;
    }
  }

  for (const [name, message] of Object.entries(await fileErrors(db, resource, values, existing))) errors[name] ??= message;

  for (const field of resource.fields) {
    if (!field.validation.unique || errors[field.name] || isEmpty(values[field.name])) continue;
    const holder = await lookups.holderOf(db, resource.name, field.name, values[field.name]);
    if (holder !== null && holder !== (existing ? Number(existing._id) : undefined)) errors[field.name] = UNIQUE_MESSAGE;
  }
  return { values, links, errors, defaulted };
}

/**
 * The one check of a record write, shared by the save itself (create, PUT, PATCH, inside its
 * transaction) and by `POST {res}/validate`: field rules, references that must exist, files,
 * unique values, then the resource's own `validate` hook. Whatever needs the database is
 * therefore seen by both, with the same messages.
 */
export async function validateWrite(
  hook: HookContext,
  resource: Resource,
  input: Record<string, unknown>,
  mode: WriteMode,
  existing: Row | undefined,
  registry: Pick<Registry, 'resourceByName'>,
  lookups: RecordLookups = readEachTime,
): Promise<Prepared> {
  const prepared = await prepareWrite(hook.db, resource, hook.caller, input, mode, existing, registry, lookups);
  // A unique default (the next member number) is taken again under a lock when stored, so a
  // clash found now only means another create got there first: not the client's fault.
  for (const name of prepared.defaulted) {
    if (resource.field(name)?.validation.unique && prepared.errors[name] === UNIQUE_MESSAGE) delete prepared.errors[name];
  }
  // A copy: the values stored are the field checks' (and beforeWrite's), never a validation's side effect.
  const recordErrors = (await resource.hooks?.validate?.(hook, { ...prepared.values }, existing)) ?? {};
  for (const [name, message] of Object.entries(recordErrors)) prepared.errors[name] ??= message;
  return prepared;
}
