// What the plan reads before deciding anything: the members a file names (by number or NIF), the
// span of their membership, their debts and the historical payments already recorded, and the
// fee schedules (read once per run). A few queries per line, each fresh: a commit writes between lines.
import type { Db } from '../../../db/database.js';
import { PERIODICITIES, type Periodicity } from '../../dues/public.js';
import { HISTORICAL_PAYMENT } from './keys.js';

export interface MemberOfFile {
  id: number;
  number: number | null;
  name: string;
  nif: string | null;
  admission: string | null;
  category: number | null;
  categoryName: string | null;
  exempt: boolean;
  /** The day the membership ended (the member is in an ending state), or null. */
  left: string | null;
}

export interface StoredDebt {
  id: number;
  amount: number;
  paid: number;
  status: string;
  description: string;
}

export interface Schedule {
  id: number;
  amount: number;
  periodicity: Periodicity;
  dueDay: number;
}

export interface LedgerState {
  byNumber: Map<number, MemberOfFile>;
  byNif: Map<string, MemberOfFile>;
  /** `${member}|${dedupe_key}` -> the debt. */
  debts: Map<string, StoredDebt>;
  /** external_id of the historical payments already recorded. */
  payments: Set<string>;
  /** `${category}|${year}` -> its schedule. */
  schedules: ReadonlyMap<string, Schedule>;
}

export const debtSlot = (member: number, key: string): string => `${member}|${key}`;
export const scheduleSlot = (category: number, year: number): string => `${category}|${year}`;

const CHUNK = 500;
const chunks = <T>(values: readonly T[]): T[][] => Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, i) => values.slice(i * CHUNK, (i + 1) * CHUNK));

/** The members the file names, with their ledgers: `numbers` and `nifs` as the file writes them. */
export async function readLedgerState(db: Db, numbers: readonly number[], nifs: readonly string[], schedules: ReadonlyMap<string, Schedule>): Promise<LedgerState> {
  const rows = [];
  for (const part of chunks([...new Set(numbers)])) rows.push(...(await memberQuery(db).where('m.number', 'in', part).execute()));
  for (const part of chunks([...new Set(nifs)])) rows.push(...(await memberQuery(db).where('m.nif', 'in', part).execute()));
  const members = new Map<number, MemberOfFile>();
  for (const row of rows) {
    members.set(Number(row._id), {
      id: Number(row._id),
      number: row.number === null ? null : Number(row.number),
      name: String(row.name),
      nif: row.nif ?? null,
      admission: row.admission_date ?? null,
      category: row.fee_category === null ? null : Number(row.fee_category),
      categoryName: row.category_name ?? null,
      exempt: Boolean(Number(row.dues_exempt)) || Boolean(Number(row.category_exempt ?? 0)),
      left: null,
    });
  }
  const ids = [...members.keys()];
  for (const part of chunks(ids)) {
    // The membership of a member now in an ending state ended on their last change of state.
    const ended = await db
      .selectFrom('member_state_history as h')
      .innerJoin('members as m', 'm._id', 'h.member')
      .innerJoin('member_states as s', 's._id', 'm.state')
      .select(['h.member', (eb) => eb.fn.max('h.date').as('left')])
      .where('s.marksEnd', '=', 1)
      .where('h.member', 'in', part)
      .groupBy('h.member')
      .execute();
    for (const row of ended) members.get(Number(row.member))!.left = String(row.left);
  }
  const debts = new Map<string, StoredDebt>();
  for (const part of chunks(ids)) {
    const stored = await db
      .selectFrom('unsettled_payments')
      .select(['_id', 'member', 'dedupe_key', 'amount', 'paid', 'status', 'description'])
      .where('member', 'in', part)
      .where('dedupe_key', 'is not', null)
      .execute();
    for (const d of stored) debts.set(debtSlot(d.member, String(d.dedupe_key)), { id: d._id, amount: Number(d.amount), paid: Number(d.paid), status: d.status, description: d.description });
  }
  const payments = new Set<string>();
  for (const part of chunks(ids)) {
    const stored = await db.selectFrom('payments').select('external_id').where('member', 'in', part).where('external_id', 'like', `${HISTORICAL_PAYMENT}%`).execute();
    for (const p of stored) payments.add(String(p.external_id));
  }
  const byNumber = new Map<number, MemberOfFile>();
  const byNif = new Map<string, MemberOfFile>();
  for (const member of members.values()) {
    if (member.number !== null) byNumber.set(member.number, member);
    if (member.nif) byNif.set(member.nif, member);
  }
  return { byNumber, byNif, debts, payments, schedules };
}

/** Every fee schedule, by category and year (a few rows; read once per run). */
export async function readSchedules(db: Db): Promise<Map<string, Schedule>> {
  const schedules = new Map<string, Schedule>();
  for (const s of await db.selectFrom('fee_schedules').select(['_id', 'category', 'year', 'amount', 'periodicity', 'due_day']).execute()) {
    const periodicity = (PERIODICITIES as readonly string[]).includes(s.periodicity) ? (s.periodicity as Periodicity) : 'annual';
    schedules.set(scheduleSlot(Number(s.category), Number(s.year)), { id: s._id, amount: Number(s.amount), periodicity, dueDay: Number(s.due_day) });
  }
  return schedules;
}

function memberQuery(db: Db) {
  return db
    .selectFrom('members as m')
    .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
    .select(['m._id', 'm.number', 'm.name', 'm.nif', 'm.admission_date', 'm.fee_category', 'm.dues_exempt', 'c.name as category_name', 'c.exempt as category_exempt']);
}
