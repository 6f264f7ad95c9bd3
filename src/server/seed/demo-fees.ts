import { sql } from 'kysely';
import type { Db, Row } from '../db/database.js';
import { dedupeKey, firstQuotaAmount, type Periodicity, periodsOf } from '../modules/dues/public.js';
import { insertInBatches } from './batches.js';
import { seededRandom } from './random.js';

/** Seven years of quotas, the current one included. */
export const DEMO_DUES_YEARS = 7;
const FEES_SEED = 20_240_602;

type DemoCategory = 'efetivo' | 'estudante' | 'familia' | 'senior' | 'honorario';

const CATEGORIES: ReadonlyArray<{ key: DemoCategory; name: string; exempt: boolean; notes: string }> = [
  { key: 'efetivo', name: 'Efetivo', exempt: false, notes: 'Sócio com todos os direitos e deveres previstos nos estatutos.' },
  { key: 'estudante', name: 'Estudante', exempt: false, notes: 'Até aos 25 anos, com comprovativo de matrícula.' },
  { key: 'familia', name: 'Família', exempt: false, notes: 'Uma quota para o agregado familiar (casal e filhos menores).' },
  { key: 'senior', name: 'Sénior', exempt: false, notes: 'A partir dos 65 anos; quota mensal.' },
  { key: 'honorario', name: 'Honorário', exempt: true, notes: 'Distinção atribuída pela assembleia geral; isento de quotas.' },
];

interface Tariff {
  amount: number;
  periodicity: Periodicity;
  dueDay: number;
  joiningFee: number;
}

/** A category's fees `age` years before the current one (-1: next year's): prices went up twice in seven years. */
function tariff(category: DemoCategory, age: number): Tariff {
  const step = <T>(oldest: T, middle: T, recent: T): T => (age >= 4 ? oldest : age >= 2 ? middle : recent);
  switch (category) {
    case 'efetivo':
      return { amount: step(2500, 2750, 3000), periodicity: 'annual', dueDay: 31, joiningFee: 1000 };
    case 'estudante':
      return { amount: step(1000, 1000, 1200), periodicity: 'annual', dueDay: 31, joiningFee: 0 };
    case 'familia':
      return { amount: step(4000, 4500, 4500), periodicity: 'annual', dueDay: 31, joiningFee: 1500 };
    case 'senior':
      return { amount: step(150, 200, 200), periodicity: 'monthly', dueDay: 8, joiningFee: 0 };
    case 'honorario':
      return { amount: 0, periodicity: 'annual', dueDay: 31, joiningFee: 0 };
  }
}

interface DemoMember {
  id: number;
  number: number;
  birthYear: number;
  admission: string;
  ending: boolean;
}

/**
 * Most members are Efetivo; the young may be students and the old seniors. Honorary members
 * are long-standing ones, honoured last year: they paid as Efetivo before that.
 */
function categoryOf(member: DemoMember, currentYear: number): DemoCategory {
  const random = seededRandom(FEES_SEED + member.number * 7919);
  const age = currentYear - member.birthYear;
  if (member.admission < '2005-01-01' && random.chance(0.03)) return 'honorario';
  if (age >= 65 && random.chance(0.12)) return 'senior';
  if (age <= 25 && random.chance(0.6)) return 'estudante';
  return random.chance(0.09) ? 'familia' : 'efetivo';
}

const stampAt = (day: string, hour: number, now: number) => Math.min(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`), now);

async function setCategory(db: Db, category: number, members: readonly number[], now: number): Promise<void> {
  if (members.length === 0) return;
  await db
    .updateTable('members')
    .set({ fee_category: category, updated_at: new Date(now).toISOString() })
    .where('_id', 'in', members)
    .execute();
}

interface Schedule extends Tariff {
  _id: number;
  category: number;
}

/**
 * A newcomer's first debts as admission raises them: joining fee on the admission day, then
 * the year's quotas from the admission's period on, the first one pro rata.
 */
function admissionDebts(member: DemoMember, schedule: Schedule, now: number): Row[] {
  const year = Number(member.admission.slice(0, 4));
  const stamp = new Date(stampAt(member.admission, 10, now)).toISOString();
  const debt = (kind: 'joia' | 'quota', period: number, amount: number, dueDate: string, description: string): Row => ({
    member: member.id,
    kind,
    year,
    period,
    amount,
    paid: 0,
    status: 'open',
    due_date: dueDate,
    description,
    schedule: schedule._id,
    dedupe_key: dedupeKey(kind, year, period),
    created_at: stamp,
    updated_at: stamp,
    _version: 1,
  });
  const rows = schedule.joiningFee > 0 ? [debt('joia', 1, schedule.joiningFee, member.admission, `Jóia ${year}`)] : [];
  if (schedule.amount === 0) return rows;
  const periods = periodsOf(year, schedule.periodicity, schedule.dueDay).filter((p) => p.end >= member.admission);
  for (const [index, period] of periods.entries()) {
    const amount = index === 0 ? firstQuotaAmount(schedule.amount, period, member.admission, 'prorata') : schedule.amount;
    rows.push(debt('quota', period.period, amount, period.due < member.admission ? member.admission : period.due, period.label));
  }
  return rows;
}

/**
 * A year's quotas for every paying member as the generation job raises them (the job commits
 * period by period on its own, and the demo must stay inside the first start's transaction):
 * one INSERT … SELECT for all the year's periods; a member who already has a period's debt
 * keeps it.
 */
async function raiseYearQuotas(db: Db, year: number, schedules: readonly Schedule[], now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  const periods = schedules
    .filter((schedule) => schedule.amount > 0)
    .flatMap((schedule) =>
      periodsOf(year, schedule.periodicity, schedule.dueDay).map(
        (p) => sql`(${sql.lit(schedule._id)}, ${sql.lit(schedule.category)}, ${sql.lit(p.period)}, ${sql.lit(schedule.amount)}, ${p.due}, ${p.end}, ${p.label}, ${dedupeKey('quota', year, p.period)})`,
      ),
    );
  if (periods.length === 0) return;
  await sql`
    WITH p (schedule, category, period, amount, due, period_end, label, dedupe) AS (VALUES ${sql.join(periods)})
    INSERT INTO unsettled_payments (member, kind, year, period, amount, paid, status, due_date, description, schedule, dedupe_key, created_at, updated_at, _version)
    SELECT m._id, 'quota', ${sql.lit(year)}, p.period, p.amount, 0, 'open', p.due, p.label, p.schedule, p.dedupe, ${stamp}, ${stamp}, 1
    FROM p JOIN members m ON m.fee_category = p.category LEFT JOIN member_states st ON st._id = m.state
    WHERE COALESCE(${sql.ref('st.marksEnd')}, 0) = 0 AND (m.admission_date IS NULL OR m.admission_date <= p.period_end)
    ON CONFLICT (member, dedupe_key) DO NOTHING
  `.execute(db);
}

/**
 * The demo's fee categories, seven years of schedules and next year's; every member gets a category, and
 * each year, in order, newcomers' first debts and then everyone's quotas are raised as the
 * server would have raised them.
 */
export async function seedFees(db: Db, now: number, currentYear: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  const years = Array.from({ length: DEMO_DUES_YEARS }, (_, i) => currentYear - DEMO_DUES_YEARS + 1 + i);
  const inserted = await db
    .insertInto('fee_categories')
    .values(CATEGORIES.map((c) => ({ name: c.name, exempt: c.exempt ? 1 : 0, notes: c.notes, created_at: stamp, updated_at: stamp, _version: 1 })))
    .returning(['_id', 'name'])
    .execute();
  const categoryId = (key: DemoCategory) => Number(inserted.find((row) => row.name === CATEGORIES.find((c) => c.key === key)!.name)!._id);

  const schedules = new Map<string, Schedule>();
  // Next year's table is already approved (the same prices): its quotas are not raised yet, but
  // the reports expect them.
  for (const year of [...years, currentYear + 1]) {
    const rows = CATEGORIES.map((c) => ({ category: c.key, ...tariff(c.key, currentYear - year) }));
    const created = await db
      .insertInto('fee_schedules')
      .values(
        rows.map((t) => ({
          year,
          category: categoryId(t.category),
          amount: t.amount,
          periodicity: t.periodicity,
          due_day: t.dueDay,
          joining_fee: t.joiningFee,
          capital: 0,
          created_at: stamp,
          updated_at: stamp,
          _version: 1,
        })),
      )
      .returning(['_id', 'category'])
      .execute();
    for (const t of rows) {
      const row = created.find((r) => Number(r.category) === categoryId(t.category))!;
      schedules.set(`${year}:${t.category}`, { ...t, _id: Number(row._id), category: categoryId(t.category) });
    }
  }

  const members: DemoMember[] = (
    await db
      .selectFrom('members as m')
      .leftJoin('member_states as s', 's._id', 'm.state')
      .select(['m._id', 'm.number', 'm.birth_date', 'm.admission_date', 's.marksEnd'])
      .orderBy('m.number')
      .execute()
  ).map((row) => ({
    id: Number(row._id),
    number: Number(row.number),
    birthYear: Number(String(row.birth_date).slice(0, 4)),
    admission: String(row.admission_date),
    ending: Number(row.marksEnd ?? 0) === 1,
  }));
  const categories = new Map(members.map((m) => [m.id, categoryOf(m, currentYear)]));
  const honourYear = currentYear - 1;
  const idsOf = (key: DemoCategory) => members.filter((m) => categories.get(m.id) === key).map((m) => m.id);
  for (const c of CATEGORIES) {
    // Honorary members paid as Efetivo until they were honoured.
    const key = c.key === 'honorario' ? 'efetivo' : c.key;
    await setCategory(db, categoryId(key), idsOf(c.key), now);
  }

  for (const year of years) {
    if (year === honourYear) await setCategory(db, categoryId('honorario'), idsOf('honorario'), stampAt(`${year}-01-01`, 9, now));
    const newcomers = members.filter((m) => !m.ending && m.admission.startsWith(String(year)));
    await insertInBatches(db, 'unsettled_payments', newcomers.flatMap((m) => admissionDebts(m, schedules.get(`${year}:${categories.get(m.id)!}`)!, now)));
    const ofYear = CATEGORIES.map((c) => schedules.get(`${year}:${c.key}`)!);
    await raiseYearQuotas(db, year, ofYear, stampAt(`${year}-01-02`, 8, now));
  }
}
