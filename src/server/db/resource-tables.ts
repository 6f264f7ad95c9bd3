// The tables of the resources, column for column as stored, inferred from the resource
// definitions (the same ones record-types.ts reads): a renamed or retyped field changes the row
// type Kysely gives every query, so code naming the old column no longer compiles.
// Types only.
import type { Generated } from 'kysely';
import type { FieldType } from '../../core/contract.js';
import type { DefinedResource, FieldDefinition } from '../resources/define.js';
import type { AppResource } from '../resources/record-types.js';

/**
 * A field's stored value (the field registry, src/server/fields, says each type's column):
 * booleans are 0/1 integers on both engines, money integer cents (bigint, read back as a number:
 * see the INT8 parser in database.ts), dates and times ISO-8601 text. Types with no column of
 * their own (lists of references in a join table, computed values) are `never` and left out.
 */
type StoredOf<F extends FieldDefinition> = {
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
  boolean: number;
  password: string;
  references: never;
  computed: never;
}[F['type'] & FieldType];

/** Fields stored in a column of their own name (isColumn in define.ts): not write-only, not join tables, not computed. */
type Stored<F extends FieldDefinition> = F extends { writeOnly: true } ? never : F['type'] extends 'references' | 'computed' ? never : F;

/** Required fields are never null; the others may be. */
type ColumnValue<F extends FieldDefinition> = F['validation'] extends { required: true } ? StoredOf<F> : StoredOf<F> | null;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Columns every resource table has (withRecordColumns in migrations/schema-helpers.ts). */
export interface StoredRecordColumns {
  _id: Generated<number>;
  _version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * The stored row of a list of field definitions. A list whose names the compiler does not know
 * (built at run time and typed `FieldDefinition[]`, as member_applications' is) gives a loose row:
 * its known record columns, any other column `unknown`.
 */
export type RowOfFields<Fields extends readonly FieldDefinition[]> = string extends Fields[number]['name']
  ? StoredRecordColumns & Record<string, unknown>
  : Simplify<StoredRecordColumns & { [F in Stored<Fields[number]> as F['name']]: ColumnValue<F> }>;

/** The join tables of a list of field definitions (`through` of a list of references): two id columns. */
type JoinTablesOfFields<Fields extends readonly FieldDefinition[]> = {
  [F in Fields[number] as F extends { through: { table: infer T extends string } } ? T : never]: F extends {
    through: { self: infer S extends string; other: infer O extends string };
  }
    ? { [K in S | O]: number }
    : never;
};

type RowOf<R> = R extends DefinedResource<infer Fields> ? RowOfFields<Fields> : never;
type JoinTablesOf<R> = R extends DefinedResource<infer Fields> ? JoinTablesOfFields<Fields> : never;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every resource's table, by name, and the join tables their lists of references use. */
export type ResourceTables = { [R in AppResource as R['name']]: RowOf<R> } & UnionToIntersection<JoinTablesOf<AppResource>>;
