import type { FieldType, FieldValidation, InputType, ResourceOperation, Role } from '../../core/contract.js';
import { FIELD_KINDS, type ComputedDefinition } from '../fields/index.js';
import type { Caller } from '../auth/caller.js';
import type { Db, Row } from '../db/database.js';
import type { ServerContext } from '../context.js';
import type { TokenService } from '../auth/tokens.js';
import { declaredFiltersProblem, type DeclaredFilter } from './declared-filters.js';

/**
 * Who may do something with a resource: a role, 'anyone' (every authenticated caller,
 * API keys included), 'own' (a person whose role is not otherwise allowed, on the rows
 * `ResourceDefinition.scope` says are theirs) or 'public' (create only: anonymous callers,
 * through the resource's `publicFields`).
 */
export type Grant = Role | 'anyone' | 'own' | 'public';

/**
 * The rows an 'own' grant reaches, as a WHERE clause: those whose `column` holds the caller's
 * member (`users.member`) or user id. `{ column: '_id', equals: 'callerMember' }` is "my member record".
 */
export interface ScopeCondition {
  column: string;
  equals: 'callerMember' | 'callerUser';
}
export type Operation = ResourceOperation;
export type Access = Record<Operation, readonly Grant[]>;

/** Many-to-many through a join table, e.g. members.tags via member_tags. */
export interface Through {
  table: string;
  /** Join-table column holding this resource's _id. */
  self: string;
  /** Join-table column holding the referenced _id. */
  other: string;
}

export interface FieldDefinition {
  name: string;
  type: FieldType;
  label: string;
  group?: string;
  inputType?: InputType;
  validation?: FieldValidation;
  /** Referenced resource (type 'reference' or 'references'). */
  ref?: string;
  through?: Through;
  options?: readonly { value: string; label: string }[];
  sortable?: boolean;
  filterable?: boolean;
  /**
   * A key programs look records up by (a setting's name): `_{name}=value` matches the whole value
   * exactly. Other text a person reads matches by "contains" (text-filter.ts).
   */
  exactFilter?: boolean;
  /**
   * Its value is found by `_search`. On a reference (`member`), the search also finds the rows
   * whose referenced record the referenced resource's own search finds: a payment by its
   * member's name, number or NIF, declared once on the field (search.ts, the registry links it).
   */
  searchable?: boolean;
  /** Set by the server: values sent by clients are ignored. */
  readOnly?: boolean;
  /** Accepted on writes, never returned (passwords). Not stored in a column of its own name. */
  writeOnly?: boolean;
  /** Roles that may set or change this field; absent: every role that may write the resource. */
  writableBy?: readonly Role[];
  /**
   * Roles that may read this field (staff-only notes); absent: everyone who may read the record.
   * Others never receive it: not in records, lists, the explainer or change histories.
   */
  readableBy?: readonly Role[];
  /** Value for a create that leaves the field out. */
  defaultValue?: (db: Db) => unknown;
  /**
   * A new record's value when its author leaves the field empty, worked out from the data
   * (Portugal, the first active member state). Unlike `defaultValue`, never given to an existing
   * record (a country cleared on purpose stays cleared); the explainer offers it to forms.
   */
  createDefault?: (db: Db) => Promise<unknown>;
  /** Type 'computed': the SQL expression evaluated in every read of the record. */
  computed?: ComputedDefinition;
}

export interface HookContext {
  ctx: ServerContext;
  tokens: TokenService;
  caller: Caller;
  /** The write's transaction: everything a hook stores commits or rolls back with the write. */
  db: Db;
  /** The caller's network address (for the audit trail). */
  address: string | null;
  /**
   * Runs `fn` once the write has committed (never after a rollback): bus publications,
   * realtime announcements and outbox wake-ups go here, not in the hook's body.
   */
  afterCommit(fn: () => Promise<void> | void): void;
}

export interface WriteHooks {
  /**
   * Rules of the whole record, often needing the database (a date range, a value another table
   * must allow). Runs after the field checks, with the same `values` and `existing` as
   * `beforeWrite` (`values` holds only the fields that passed their own checks; on a patch, only
   * those sent), both for a save (inside its transaction) and for `POST {res}/validate`. Returns
   * pt-PT messages by field name; a field that already failed its own check keeps that message.
   * Must not write: on `/validate` nothing is committed or rolled back.
   */
  validate?(hook: HookContext, values: Row, existing: Row | undefined): Promise<Record<string, string> | void>;
  /**
   * Runs before a create or update is stored, after validation. `values` are the column values
   * about to be written (the hook may change them); `existing` is the stored row on update.
   * Returns extra members for the response (e.g. a secret shown once).
   */
  beforeWrite?(hook: HookContext, values: Row, existing: Row | undefined): Promise<Record<string, unknown> | void>;
  /** Runs after the row is written, in the same transaction; throwing rolls the write back. */
  afterWrite?(hook: HookContext, record: Row, existing: Row | undefined): Promise<void>;
  beforeDelete?(hook: HookContext, existing: Row): Promise<void>;
  afterDelete?(hook: HookContext, existing: Row): Promise<void>;
}

export interface ResourceDefinition {
  /** URL segment and table name. */
  name: string;
  label: string;
  labelSingular: string;
  fields: readonly FieldDefinition[];
  access: Access;
  /** The rows of an 'own' grant; the people they belong to also receive their change events. */
  scope?: ScopeCondition;
  /** Fields an anonymous caller may send through a 'public' create grant, and read the explainer entry of. */
  publicFields?: readonly string[];
  defaultSort?: string;
  /** Substring search backed by a trigram index (large tables); small tables use a plain scan. */
  searchIndex?: boolean;
  /** List filters no single field says (`_standing=em_atraso`): in lists, the explainer and OpenAPI. */
  filters?: readonly DeclaredFilter[];
  hooks?: WriteHooks;
  /**
   * Brings rows derived from the date up to today before any list or read of the resource (a
   * cache whose figures change with the calendar, not only with writes: member_balances).
   */
  beforeRead?(db: Db, now: number): Promise<void>;
}

/** Columns every record carries; described once here so sorting and filtering treat them like fields. */
const RECORD_FIELDS: readonly FieldDefinition[] = [
  { name: '_id', type: 'integer', label: 'Identificador', group: 'Registo', readOnly: true, sortable: true, filterable: true },
  // Raised by every update: a write that names an older version is refused (no lost update).
  { name: '_version', type: 'integer', label: 'Versão', group: 'Registo', readOnly: true },
  { name: 'created_at', type: 'datetime', label: 'Criado em', group: 'Registo', readOnly: true, sortable: true, filterable: true },
  { name: 'updated_at', type: 'datetime', label: 'Atualizado em', group: 'Registo', readOnly: true, sortable: true, filterable: true },
];

/** A field with every optional part filled in. */
export type Field = Required<Pick<FieldDefinition, 'group' | 'inputType' | 'validation' | 'sortable' | 'filterable' | 'searchable' | 'readOnly' | 'writeOnly'>> &
  FieldDefinition;

/** A searchable reference and the resource whose search it follows (linked by the registry). */
export interface RelatedSearch {
  field: Field;
  resource: Resource;
}

export interface Resource extends Omit<ResourceDefinition, 'fields'> {
  fields: readonly Field[];
  /** The searchable references' resources, linked by the registry (createRegistry). */
  relatedSearch?: readonly RelatedSearch[];
  /** Fields by name, record columns included. */
  field(name: string): Field | undefined;
  defaultSort: string;
}

/** Type-only: no resource holds this key. It keeps the fields as the definition wrote them. */
declare const declaredFields: unique symbol;
/** A resource that remembers its name and declared fields' types, so its record type can be inferred and named (record-types.ts). */
export type DefinedResource<F extends readonly FieldDefinition[], N extends string = string> = Resource & { readonly [declaredFields]?: F; readonly name: N };

/** Fills in defaults (input type from type, flags false, group 'Geral') so consumers never guess. */
export function defineResource<const F extends readonly FieldDefinition[], const N extends string>(definition: ResourceDefinition & { fields: F; name: N }): DefinedResource<F, N> {
  const fields: Field[] = [...definition.fields, ...RECORD_FIELDS].map((f) => ({
    ...f,
    group: f.group ?? 'Geral',
    inputType: f.inputType ?? FIELD_KINDS[f.type].inputType,
    validation: f.validation ?? {},
    sortable: f.sortable ?? false,
    filterable: f.filterable ?? false,
    searchable: f.searchable ?? false,
    // A computed value is never written, whatever the definition says.
    readOnly: f.type === 'computed' || (f.readOnly ?? false),
    writeOnly: f.writeOnly ?? false,
  }));
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const field of fields) {
    const problem = FIELD_KINDS[field.type].definitionProblem?.(field);
    if (problem) throw new Error(`${definition.name}.${field.name}: ${problem}`);
  }
  const filterProblem = declaredFiltersProblem(definition.filters ?? [], [...byName.keys()]);
  if (filterProblem) throw new Error(`${definition.name}: ${filterProblem}`);
  for (const name of definition.publicFields ?? []) {
    if (!byName.get(name) || byName.get(name)!.readOnly) throw new Error(`${definition.name}: public field ${name} is not a writable field.`);
  }
  return {
    ...definition,
    fields,
    field: (name) => byName.get(name),
    defaultSort: definition.defaultSort ?? 'created_at',
  };
}

/** Fields stored in a column of the resource's table (not join tables, not write-only inputs). */
export const isColumn = (field: Field): boolean => FIELD_KINDS[field.type].column !== 'none' && !field.writeOnly;
