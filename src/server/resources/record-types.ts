// Record types inferred from the resource definitions: a record as the API answers it, field by
// field. Types only; the browser reaches them through src/core/records.ts.
import type { FieldType } from '../../core/contract.js';
import type { DefinedResource, FieldDefinition } from './define.js';
import type { appModules } from '../modules/index.js';
import type { jobsResource } from '../jobs/resource.js';
import type { auditLogResource } from './audit-log.js';

/** The JSON value of a field type; `never` for types no record carries (passwords). */
type ValueOf<F extends FieldDefinition> = {
  string: string;
  text: string;
  email: string;
  phone: string;
  enum: string;
  date: string;
  datetime: string;
  integer: number;
  float32: number;
  reference: number;
  money: number;
  file: number;
  image: number;
  boolean: boolean;
  references: number[];
  computed: F extends { computed: { numeric: true } } ? number : string;
  password: never;
}[F['type'] & FieldType];

/** Lists come as an array and booleans as true/false (records.ts); other fields are null when empty unless required. */
type FieldValue<F extends FieldDefinition> = F['type'] extends 'references' | 'boolean'
  ? ValueOf<F>
  : F['validation'] extends { required: true }
    ? ValueOf<F>
    : ValueOf<F> | null;

/** Fields a record carries: not inputs only. */
type Returned<F extends FieldDefinition> = F extends { writeOnly: true } ? never : F['type'] extends 'password' ? never : F;
/** Fields every reader receives, and those only some roles read (staff notes). */
type Always<F extends FieldDefinition> = F extends { readableBy: readonly unknown[] } ? never : F;
type Sometimes<F extends FieldDefinition> = F extends { readableBy: readonly unknown[] } ? F : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Columns every record has (RECORD_FIELDS in define.ts). */
interface RecordColumns {
  _id: number;
  _version: number;
  created_at: string;
  updated_at: string;
}

/** The record type of a list of field definitions. */
export type RecordOfFields<Fields extends readonly FieldDefinition[]> = Simplify<
  RecordColumns & {
    [F in Returned<Fields[number]> as Always<F>['name']]: FieldValue<F>;
  } & {
    [F in Returned<Fields[number]> as Sometimes<F>['name']]?: FieldValue<F>;
  }
>;

/** The record type of a resource made by defineResource. */
type RecordOf<R> = R extends DefinedResource<infer Fields> ? RecordOfFields<Fields> : never;

/** Every resource the server serves: its modules', then the engine's own (the audit trail, the jobs). */
export type AppResource = (typeof appModules)[number]['resources'][number] | ReturnType<typeof auditLogResource> | ReturnType<typeof jobsResource>;

/**
 * Every resource's record type, by resource name. scripts/record-types.mjs writes each out under
 * the resource's singular name (members: Member, sepa_mandates: SepaMandate) in src/core/records.ts.
 */
export type RecordsByResource = { [R in AppResource as R['name']]: RecordOf<R> };
