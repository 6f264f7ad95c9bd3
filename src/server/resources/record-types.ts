// Record types inferred from the resource definitions: a record as the API answers it, field by
// field. Types only; the browser reaches them through src/core/records.ts.
import type { FieldType } from '../../core/contract.js';
import type { DefinedResource, FieldDefinition } from './define.js';
import type { apiSecrets } from '../modules/users/api-secrets.js';
import type { auditLogResource } from './audit-log.js';
import type { contacts } from '../modules/reference/contacts.js';
import type { countries } from '../modules/reference/countries.js';
import type { members } from '../modules/members/members.js';
import type { memberStates } from '../modules/reference/member-states.js';
import type { messages } from '../modules/messages/messages.js';
import type { settings } from '../modules/settings/settings.js';
import type { tags } from '../modules/reference/tags.js';
import type { users } from '../modules/users/users.js';
import type { feeCategories } from '../modules/dues/fee-categories.js';
import type { feeSchedules } from '../modules/dues/fee-schedules.js';
import type { debts } from '../modules/dues/debts.js';
import type { allocations, payments } from '../modules/dues/payments.js';
import type { balances } from '../modules/dues/balances.js';
import type { batches, items } from '../modules/direct-debit/batches.js';
import type { mandates } from '../modules/direct-debit/mandates.js';
import type { membershipCards } from '../modules/cards/cards.js';
import type { cardCheckins, cardCheckinScans } from '../modules/cards/checkins.js';
import type { savedFilters } from '../modules/lists/saved-filters.js';

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

export type Member = RecordOf<typeof members>;
export type User = RecordOf<typeof users>;
export type Tag = RecordOf<typeof tags>;
export type Country = RecordOf<typeof countries>;
export type MemberState = RecordOf<typeof memberStates>;
export type Contact = RecordOf<typeof contacts>;
export type Setting = RecordOf<typeof settings>;
export type ApiSecret = RecordOf<typeof apiSecrets>;
export type Message = RecordOf<typeof messages>;
export type AuditEntry = RecordOf<ReturnType<typeof auditLogResource>>;
export type FeeCategory = RecordOf<typeof feeCategories>;
export type FeeSchedule = RecordOf<typeof feeSchedules>;
export type UnsettledPayment = RecordOf<typeof debts>;
export type Payment = RecordOf<typeof payments>;
export type PaymentAllocation = RecordOf<typeof allocations>;
export type MemberBalance = RecordOf<typeof balances>;
export type SepaMandate = RecordOf<typeof mandates>;
export type DirectDebitBatch = RecordOf<typeof batches>;
export type DirectDebitItem = RecordOf<typeof items>;
export type MembershipCard = RecordOf<typeof membershipCards>;
export type CardCheckin = RecordOf<typeof cardCheckins>;
export type CardCheckinScan = RecordOf<typeof cardCheckinScans>;
export type SavedFilter = RecordOf<typeof savedFilters>;
