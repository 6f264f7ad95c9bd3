import type { RawBuilder } from 'kysely';
import type { InputType } from '../../core/contract.js';
import type { Field } from '../resources/define.js';
import type { Engine } from '../db/database.js';

/** A converted input value, or the pt-PT message saying why it cannot be one. */
export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

export const ok = (value: unknown): Converted => ({ ok: true, value });
export const fail = (message: string): Converted => ({ ok: false, message });

export type JsonSchema = Record<string, unknown>;

/** The column a field's values are stored in, as a migration states it ('none': no column of its own). */
export type ColumnType = 'text' | 'integer' | 'bigint' | 'double precision' | 'none';

/**
 * Everything the server knows about one field type, in one place: the write path, the
 * answers, the OpenAPI document and the explainer look a type up here instead of
 * switching on it.
 */
export interface FieldKind {
  column: ColumnType;
  /** The control a client shows unless the definition names another. */
  inputType: InputType;
  /** A sent value (never null, undefined, or '' outside 'text') as stored, or why it cannot be. */
  convert(field: Field, value: unknown): Converted;
  /** The JSON Schema of a value, before nullability and the common annotations. */
  schema(field: Field): JsonSchema;
  /** A stored (non-null) value as an answer carries it. */
  output(value: unknown, field: Field): unknown;
  /**
   * `output` as the database writes it into a record's JSON (resources/record-json.ts), given
   * the stored value's expression and the engine; absent, the stored value goes as it is (text,
   * numbers).
   */
  json?(value: RawBuilder<unknown>, field: Field, engine: Engine): RawBuilder<unknown>;
  /** What is wrong with a field definition of this type (a developer's mistake, thrown at start-up). */
  definitionProblem?(field: Field): string | null;
  /** Cast to text in a search document (number columns). */
  searchAsText?: boolean;
  /**
   * Text a person reads (names, e-mails, places, phones): sorted in Portuguese order and
   * filtered by "contains", case and accents ignored (resources/text-order.ts, text-filter.ts).
   */
  personText?: boolean;
  /** A "contains" filter's text as this kind compares it (phones drop their separators). */
  filterText?(text: string): string;
}

/** Strings as stored; min/max length and pattern come from the definition's validation. */
export const stringSchema = (field: Field, format?: string): JsonSchema => {
  const v = field.validation;
  return {
    type: 'string',
    ...(format ? { format } : {}),
    ...(v.minLength !== undefined ? { minLength: v.minLength } : {}),
    ...(v.maxLength !== undefined ? { maxLength: v.maxLength } : {}),
    ...(v.pattern !== undefined ? { pattern: `^(?:${v.pattern})$` } : {}),
  };
};

export const asIs = (value: unknown): unknown => value;
