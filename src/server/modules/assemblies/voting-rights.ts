// Who the associates are on an assembly's cut-off date and which of them may vote, read from the
// members and the dues ledger as they stood at the end of that day; and the assembly's live counts
// (present, represented, with a vote) against the quorum of the call under way.
import { sql } from 'kysely';
import type { OrgType } from '../../../core/contract.js';
import { lisbonDay } from '../../../core/days.js';
import type { Db, Row } from '../../db/database.js';
import { readSettings } from '../../settings/read.js';
import { quorum, secondCallAt, type Call, type Quorum } from './rules.js';

/** The statutes' settings that decide who votes. */
export interface VotingSettings {
  /** 'all' associates, or only those in 'full_rights' (no dues in arrears on the cut-off date). */
  assemblyVoters: string;
  assemblyMinMembershipMonths: number;
}

export interface Voter {
  member: number;
  number: number | null;
  name: string;
  email: string | null;
  has_vote: boolean;
  /** Why not, in pt-PT; null when the associate votes. */
  reason: string | null;
}

export const IN_ARREARS = 'Quotas em atraso na data de referência.';
const tooRecent = (months: number) => `Menos de ${months === 1 ? '1 mês' : `${months} meses`} de associado na data de referência.`;

/** The day voting rights are judged on: the assembly's cut-off date, or today while none is set. */
function cutoffOf(assembly: Row, now: number): string {
  return typeof assembly.cutoff_date === 'string' && assembly.cutoff_date !== '' ? assembly.cutoff_date : lisbonDay(now);
}

/** `day` plus `months` calendar months, the day kept within the month (31 Jan + 1 → 28/29 Feb). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = (m - 1) + months;
  const year = y + Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * Members with a debt due on or before `cutoff` that the payments dated on or before it (and not
 * annulled) had not settled by the end of that day. Waived and annulled debts never count. The
 * payments are summed per debt once and joined: a subquery per debt took minutes on PostgreSQL
 * over the demo's ledger (1,200 members, seven years).
 */
async function inArrears(db: Db, cutoff: string): Promise<Set<number>> {
  const paidByCutoff = db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p._id', 'a.payment')
    .select(['a.debt', sql<number>`SUM(a.amount)`.as('paid')])
    .where('p.date', '<=', cutoff)
    .where('p.annulled_at', 'is', null)
    .groupBy('a.debt');
  const rows = await db
    .selectFrom('unsettled_payments as d')
    .leftJoin(paidByCutoff.as('x'), 'x.debt', 'd._id')
    .select('d.member')
    .distinct()
    .where('d.due_date', '<=', cutoff)
    .where('d.status', 'not in', ['waived', 'annulled'])
    .where(sql<boolean>`d.amount > COALESCE(x.paid, 0)`)
    .execute();
  return new Set(rows.map((row) => Number(row.member)));
}

/**
 * Every associate on the assembly's cut-off date (a state that does not mark the end, admitted on
 * or before it; a member without an admission date counts) with whether they vote under the
 * statutes' settings: in full rights (no dues in arrears; exempt members and categories always
 * are) when the settings ask for it, and members for the minimum number of months. The state is
 * today's: the ledger keeps no history of states.
 */
export async function votersOf(db: Db, assembly: Row, now: number, given?: VotingSettings): Promise<Voter[]> {
  const settings = given ?? (await readSettings(db, ['assemblyVoters', 'assemblyMinMembershipMonths']));
  const cutoff = cutoffOf(assembly, now);
  const members = await db
    .selectFrom('members as m')
    .innerJoin('member_states as s', 's._id', 'm.state')
    .leftJoin('fee_categories as c', 'c._id', 'm.fee_category')
    .select(['m._id', 'm.number', 'm.name', 'm.email', 'm.admission_date', 'm.dues_exempt', 'c.exempt'])
    .where((eb) => eb.or([eb('s.marksEnd', 'is', null), eb('s.marksEnd', '=', 0)]))
    .where((eb) => eb.or([eb('m.admission_date', 'is', null), eb('m.admission_date', '<=', cutoff)]))
    .orderBy('m.number')
    .orderBy('m._id')
    .execute();
  const arrears = settings.assemblyVoters === 'full_rights' ? await inArrears(db, cutoff) : new Set<number>();
  const months = settings.assemblyMinMembershipMonths;
  return members.map((m): Voter => {
    const member = Number(m._id);
    const exempt = Number(m.dues_exempt) === 1 || Number(m.exempt) === 1;
    let reason: string | null = null;
    if (months > 0 && m.admission_date && addMonths(m.admission_date, months) > cutoff) reason = tooRecent(months);
    else if (!exempt && arrears.has(member)) reason = IN_ARREARS;
    return { member, number: m.number === null ? null : Number(m.number), name: m.name, email: m.email, has_vote: reason === null, reason };
  });
}

/** An assembly's figures at `now`: who could come, who came, and the quorum of the call under way. */
export interface AssemblyCounts {
  /** Every associate on the cut-off date. */
  associates: number;
  /** Those with a vote. */
  eligible: number;
  /** Associates in the room. */
  present: number;
  /** Associates represented by one in the room. */
  represented: number;
  /** Present or represented, with a vote: what the quorum and the "present" of a majority count. */
  counted: number;
  call: Call;
  /** When the second call starts (ISO-8601 UTC). */
  secondCallAt: string;
  quorum: Quorum;
}

export async function assemblyCounts(db: Db, assembly: Row, now: number): Promise<AssemblyCounts> {
  const settings = await readSettings(db, ['orgType', 'assemblyVoters', 'assemblyMinMembershipMonths', 'assemblySecondCallMinutes', 'assemblySecondCallRule', 'assemblySecondCallMinimum']);
  const voters = await votersOf(db, assembly, now, settings);
  const attendance = await db
    .selectFrom('assembly_attendance')
    .select(['via', 'has_vote'])
    .where('assembly', '=', Number(assembly._id))
    .execute();
  const represented = attendance.filter((row) => row.via === 'proxy').length;
  const counted = attendance.filter((row) => Number(row.has_vote) === 1).length;
  const eligible = voters.filter((voter) => voter.has_vote).length;
  const minutes = assembly.second_call_minutes === null || assembly.second_call_minutes === undefined ? settings.assemblySecondCallMinutes : Number(assembly.second_call_minutes);
  const second = secondCallAt(String(assembly.date), String(assembly.time), minutes);
  const call: Call = now >= Date.parse(second) ? 'second' : 'first';
  const orgType: OrgType = settings.orgType === 'cooperative' ? 'cooperative' : 'association';
  return {
    associates: voters.length,
    eligible,
    present: attendance.length - represented,
    represented,
    counted,
    call,
    secondCallAt: second,
    quorum: quorum({
      orgType, eligible, counted, call,
      secondCallRule: settings.assemblySecondCallRule === 'minimum' ? 'minimum' : 'any',
      secondCallMinimum: settings.assemblySecondCallMinimum,
    }),
  };
}
