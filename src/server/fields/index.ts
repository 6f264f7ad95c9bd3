import type { FieldType } from '../../core/contract.js';
import { booleanKind } from './boolean.js';
import { computedKind } from './computed.js';
import { fileKindEntry, imageKindEntry } from './files.js';
import type { FieldKind } from './kind.js';
import { referenceKind, referencesKind } from './links.js';
import { float32Kind, integerKind, moneyKind } from './numbers.js';
import { dateKind, dateTimeKind, emailKind, enumKind, passwordKind, phoneKind, stringKind, textAreaKind } from './text.js';

/** Every field type's behaviour on the server (see FieldKind). */
export const FIELD_KINDS: Readonly<Record<FieldType, FieldKind>> = {
  string: stringKind,
  text: textAreaKind,
  email: emailKind,
  phone: phoneKind,
  integer: integerKind,
  float32: float32Kind,
  money: moneyKind,
  boolean: booleanKind,
  date: dateKind,
  datetime: dateTimeKind,
  reference: referenceKind,
  references: referencesKind,
  enum: enumKind,
  password: passwordKind,
  file: fileKindEntry,
  image: imageKindEntry,
  computed: computedKind,
};

export type { FieldKind, Converted } from './kind.js';
export { computedExpression, computedSelections, explainedType, type ComputedDefinition } from './computed.js';
