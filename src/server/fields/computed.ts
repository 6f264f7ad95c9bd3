import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { Field, Resource } from '../resources/define.js';
import { fail, type FieldKind } from './kind.js';

/**
 * A value derived in the query from the row's own columns, never stored nor written. The SQL
 * expression must read the same on SQLite and PostgreSQL (|| for text, CASE, COALESCE,
 * arithmetic); it is written by the developer defining the resource, never built from input.
 */
export interface ComputedDefinition {
  sql: string;
  /** The expression yields a number (PostgreSQL may hand counts and sums back as text). */
  numeric?: boolean;
  /** With `numeric`: the number is integer cents, and the explainer calls the field money, so lists and forms show euros ("0,00 €", not "0"). */
  money?: boolean;
}

/** A computed field's value in a query: its expression, in parentheses. */
export const computedExpression = (computed: ComputedDefinition): RawBuilder<unknown> => sql`(${sql.raw(computed.sql)})`;

/** `(expression) AS name` for each computed field of a resource, for a select list. */
export const computedSelections = (resource: Resource): AliasedRawBuilder<unknown, string>[] =>
  resource.fields.filter((f): f is Field & { computed: ComputedDefinition } => f.type === 'computed' && f.computed !== undefined).map((f) => computedExpression(f.computed).as(f.name));

const isNumeric = (field: Field): boolean => field.computed?.numeric === true;

/** The type the explainer gives a field: a computed amount of money is money to the client. */
export const explainedType = (field: Field): Field['type'] => (field.type === 'computed' && field.computed?.money ? 'money' : field.type);

export const computedKind: FieldKind = {
  column: 'none',
  inputType: 'text',
  // Computed fields are read-only (defineResource makes them so): a client value never gets here.
  convert: () => fail('Este campo é calculado e não pode ser alterado.'),
  schema: (field) => (isNumeric(field) ? { type: 'number' } : {}),
  // PostgreSQL answers bigint and numeric results as text.
  output: (value, field) => (isNumeric(field) ? Number(value) : value),
  // PostgreSQL's double precision is written as JavaScript writes a number (its numeric keeps a scale: 2.50).
  json: (value, field, engine) => (isNumeric(field) ? sql`CAST(${value} AS ${sql.raw(engine === 'sqlite' ? 'NUMERIC' : 'double precision')})` : value),
  // A select-list alias cannot be named in WHERE, nor in the id-only subquery of deep pages.
  definitionProblem: (field) =>
    !field.computed ? 'a computed field needs its SQL expression (computed.sql).' : field.filterable || field.searchable || field.sortable ? 'a computed field cannot be filtered, searched or sorted on.' : null,
};
