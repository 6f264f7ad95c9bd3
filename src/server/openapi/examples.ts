import type { FieldType } from '../../core/contract.js';
import type { Field } from '../resources/define.js';

/*
 * Example values for the OpenAPI document, built from each field's type and rules, so every
 * resource's requests and answers show a plausible record without anyone writing one.
 */

const within = (field: Field, value: number) => Math.min(Math.max(value, field.validation.min ?? value), field.validation.max ?? value);

const EXAMPLES: Readonly<Record<FieldType, (field: Field) => unknown>> = {
  string: (field) => field.label,
  text: () => 'Um texto mais longo, que pode ter várias linhas.',
  email: () => 'nome@exemplo.pt',
  phone: () => '+351912345678',
  integer: (field) => within(field, 1),
  float32: (field) => within(field, 1.5),
  // Cents: 12,50 €.
  money: (field) => within(field, 1250),
  boolean: () => true,
  date: () => '2025-01-31',
  datetime: () => '2025-01-31T10:00:00.000Z',
  reference: () => 1,
  references: () => [1, 2],
  enum: (field) => field.options?.[0]?.value ?? null,
  password: () => 'uma frase-passe longa',
  file: () => 1,
  image: () => 1,
  computed: (field) => (field.computed?.numeric ? 0 : null),
};

/** A record (or a body) with an example value in each of the fields given. */
export function exampleRecord(fields: readonly Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, field.name === '_version' ? 1 : EXAMPLES[field.type](field)]));
}
