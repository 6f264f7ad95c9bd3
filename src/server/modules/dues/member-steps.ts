import { performance } from 'node:perf_hooks';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../../db/database.js';

/**
 * The members one step of a long set-based run covers: every member at once, or a range of
 * member ids among members of no household, or a range of household ids (a household's members
 * always in one step together, so its discount order and its one quota are worked out whole).
 * The steps of a run are disjoint and cover every member. Ranges are half-open: [from, to).
 */
export type MemberStep = { of: 'all' } | { of: 'solo' | 'household'; from: number; to: number };

export const EVERY_MEMBER: MemberStep = { of: 'all' };

/** The member (over `members` aliased `alias`) is in the step; each range is an index range. */
export function inStep(step: MemberStep, alias: string): RawBuilder<boolean> {
  if (step.of === 'all') return sql<boolean>`1 = 1`;
  const household = sql.ref(`${alias}.household`);
  if (step.of === 'household') return sql<boolean>`(${household} >= ${step.from} AND ${household} < ${step.to})`;
  const id = sql.ref(`${alias}._id`);
  return sql<boolean>`(${household} IS NULL AND ${id} >= ${step.from} AND ${id} < ${step.to})`;
}

/** The step's members as a subquery of ids; every member: null (no subquery to read). */
export const stepMembers = (step: MemberStep): RawBuilder<unknown> | null =>
  step.of === 'all' ? null : sql`SELECT step_member._id FROM members step_member WHERE ${inStep(step, 'step_member')}`;

/** `column` (a member id) is one of the step's members; every member: no condition. */
export const memberOfStep = (step: MemberStep, column: string): RawBuilder<boolean> => {
  const members = stepMembers(step);
  return members ? sql<boolean>`${sql.ref(column)} IN (${members})` : sql<boolean>`1 = 1`;
};

/**
 * The FROM of a statement reading `table` (aliased `alias`, its member id in `column`) for the
 * step's members only (aliased `step_member`, a name no statement uses for anything else), with
 * the condition that goes with it. In steps, the step's members lead
 * (CROSS JOIN: SQLite keeps the order written, a lookup by member for each, where it otherwise
 * walked every row of an index matching the rest of the condition, for instance all the quotas a
 * run raised so far, in every step; PostgreSQL plans it as any join).
 */
export function fromStep(step: MemberStep, table: string, alias: string, column = 'member'): { from: RawBuilder<unknown>; where: RawBuilder<boolean> } {
  const rows = sql`${sql.table(table)} ${sql.raw(alias)}`;
  if (step.of === 'all') return { from: rows, where: sql<boolean>`1 = 1` };
  return { from: sql`members step_member CROSS JOIN ${rows}`, where: sql<boolean>`${sql.ref(`${alias}.${column}`)} = step_member._id AND ${inStep(step, 'step_member')}` };
}

/**
 * A column of a table read in steps (fromStep), compared as a value no index answers: in steps
 * the member's index must lead. SQLite's planner otherwise took the index of a column compared
 * with a value its statistics had not seen (next year, the run's own time: "no such rows") and
 * walked every row of it, which in a run are all the quotas raised so far, in every step.
 */
export const stepValue = (step: MemberStep, column: string): RawBuilder<unknown> =>
  step.of === 'all' ? sql.ref(column) : sql`COALESCE(${sql.ref(column)}, NULL)`;

/**
 * How a long run is cut into steps: `members` a step to begin with; with `budgetMs`, each next
 * step is sized from the time the last took, so each takes about that long whatever the machine
 * and the data (SQLite runs each statement synchronously on the one connection the server shares
 * with every request: a step is the longest a request waits behind the run).
 */
export interface Slicing {
  members: number;
  budgetMs?: number;
}

/**
 * A step's size from the last one's: towards the budget, at most doubled or quartered at a time,
 * and never below an eighth of the first (a step's statements and commit cost something whatever
 * its size; on a loaded machine, time spent waiting for a processor would otherwise shrink the
 * steps to a few members and the run to a crawl: 808 steps and 2.5 times as long, measured).
 */
function nextSize(size: number, tookMs: number, slicing: Slicing): number {
  if (slicing.budgetMs === undefined) return size;
  const factor = Math.min(2, Math.max(0.25, slicing.budgetMs / Math.max(tookMs, 0.1)));
  return Math.max(1, Math.round(slicing.members / 8), Math.round(size * factor));
}

/**
 * How the server cuts a long run on each engine: on SQLite in steps of about 50 ms (measured at
 * 100,000 members on a loaded machine: a year's generation held requests up to 3.3 s at once,
 * and 0.3 s at most in steps, for 1.2–1.5 times as long in all); on PostgreSQL every member at
 * once (null), as its driver leaves the event loop free while a statement runs.
 */
export const slicingFor = (engine: Engine): Slicing | null => (engine === 'sqlite' ? { members: 2000, budgetMs: 50 } : null);

interface Span {
  of: 'solo' | 'household';
  first: number;
  last: number;
  /** The size of its next step (members; households for households). */
  size: number;
  /** The size of the run's first step: no pass starts with a larger one. */
  firstSize: number;
}

async function spans(db: Db, slicing: Slicing): Promise<Span[]> {
  // Each in its own subquery: SQLite answers a lone min() or max() from the ends of the index,
  // but both in one SELECT from a scan of every member (28 ms at 100,000, on a quiet machine).
  const ids = (
    await sql<{ first: number | null; last: number | null }>`SELECT (SELECT min(_id) FROM members) AS first, (SELECT max(_id) FROM members) AS last`.execute(db)
  ).rows[0]!;
  // Counted through the partial index of members with a household (count(household) read every row).
  const housed = await db.selectFrom('members').select(sql<number>`count(*)`.as('count')).where('household', 'is not', null).executeTakeFirstOrThrow();
  const households = await db
    .selectFrom('households')
    .select([sql<number | null>`min(_id)`.as('first'), sql<number | null>`max(_id)`.as('last'), sql<number>`count(*)`.as('count')])
    .executeTakeFirstOrThrow();
  const out: Span[] = [];
  if (ids.first !== null && ids.last !== null) out.push({ of: 'solo', first: Number(ids.first), last: Number(ids.last), size: slicing.members, firstSize: slicing.members });
  if (households.first !== null && households.last !== null && Number(housed.count) > 0) {
    // About as many members a step as a step of members of no household.
    const perHousehold = Number(housed.count) / Math.max(1, Number(households.count));
    const size = Math.max(1, Math.round(slicing.members / perHousehold));
    out.push({ of: 'household', first: Number(households.first), last: Number(households.last), size, firstSize: size });
  }
  return out;
}

/** A long set-based run over every member, in one pass or several (reminder planning: one a stage). */
export interface MemberRun {
  /**
   * One pass over every member: `work` once for every member at once, or for each step, over
   * ranges of members of no household, then of households. Each step's work must commit on its
   * own (so a request runs between two steps) and leave the run safe to start again from the
   * beginning. `progress` hears how much of the ids the pass covered after each step.
   */
  forEachStep(work: (step: MemberStep) => Promise<void>, progress?: (done: number, total: number) => Promise<void> | void): Promise<void>;
}

/**
 * A run cut as `slicing` says (null: every member at once). The ranges of members and households
 * are read once, on the first pass; each pass's first step of a range is sized as the last
 * step of the pass before measured it, not from `slicing.members` again, but never larger than
 * the run's first step. `clock` times the steps (milliseconds; tests give their own).
 */
export function memberRun(db: Db, slicing: Slicing | null, clock: () => number = () => performance.now()): MemberRun {
  let all: Span[] | null = null;
  return {
    async forEachStep(work, progress) {
      if (!slicing) {
        await work(EVERY_MEMBER);
        return;
      }
      all ??= await spans(db, slicing);
      const total = all.reduce((sum, span) => sum + span.last - span.first + 1, 0);
      let done = 0;
      for (const span of all) {
        // A pass starts at most at the run's first size: the pass before may have grown its steps
        // where it had little to do (reminder planning's first stage reaches few members), and
        // its size, carried over, made the next stage's first step hold the loop 250 ms.
        span.size = Math.min(span.size, span.firstSize);
        for (let from = span.first; from <= span.last; ) {
          const to = Math.min(from + span.size, span.last + 1);
          const started = clock();
          await work({ of: span.of, from, to });
          // A range's last step, cut short, says little of the next pass's first.
          if (to - from === span.size) span.size = nextSize(span.size, clock() - started, slicing);
          done += to - from;
          from = to;
          await progress?.(done, total);
        }
      }
    },
  };
}
