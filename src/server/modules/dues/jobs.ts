import { DUES_YEARS, STAFF_ROLES } from '../../../core/contract.js';
import type { JobDefinition } from '../../jobs/types.js';
import { defineAction } from '../../resources/actions.js';
import { readSetting } from '../../settings/read.js';
import { publishChange } from '../../resources/events.js';
import { BALANCE_STEP_ROWS, balances, bringBalancesToTodayInSteps } from './balances.js';
import { generateYear, tidyAfterBulk } from './generation.js';
import { slicingFor } from './member-steps.js';
import { compactReceiptTotals } from './receipt-totals.js';
import { lisbonYear } from '../../../core/days.js';

const GENERATE_JOB = 'dues.generate';

const yearOf = (payload: unknown): number => {
  const year = Number((payload as { year?: unknown } | null)?.year);
  if (!Number.isInteger(year)) throw new Error('dues.generate: the payload names no year');
  return year;
};

/**
 * A year's quotas, raised on the day the setting names (03:00 in Lisbon) and on demand.
 * Idempotent: generateYear adds only the debts missing, so a retry or a second instance's run
 * changes nothing more.
 */
export const generateJob: JobDefinition = {
  name: GENERATE_JOB,
  label: 'Lançamento das quotas do ano',
  // How many members and debts, and their total: staff read the debts themselves anyway.
  resultForStaff: true,
  async schedule(_ctx, db) {
    const [day, month] = (await readSetting(db, 'quotaGenerationDay')).split('-').map(Number);
    return `0 3 ${day} ${month} *`;
  },
  scheduledPayload: (at) => ({ year: lisbonYear(at.getTime()) }),
  async run({ db, payload, ctx, progress }) {
    const report = await generateYear(db, yearOf(payload), ctx.now(), progress, slicingFor(ctx.database.engine));
    await tidyAfterBulk(ctx.database);
    return report;
  },
};

/**
 * Every night: the receipt totals the day's payments, allocations and annulments added (a row
 * each) merge into one row per day and method, so the reports' sums stay a few thousand rows.
 * Idempotent, and the sums read the same before and after.
 */
export const compactTotalsJob: JobDefinition = {
  name: 'dues.compact_totals',
  label: 'Compactação dos totais de recebimentos',
  schedule: '40 3 * * *',
  async run({ ctx }) {
    return { merged: await compactReceiptTotals(ctx.database) };
  },
};

/**
 * Just after midnight in Lisbon: the balance rows a due date reached overnight are brought to the
 * new day (bringBalancesToToday), so the first person to open the unpaid list after a year's
 * quotas fall due does not wait for every member's row to be rewritten. Reads do the same
 * whenever this has not run (a server stopped overnight): the figures never depend on it.
 */
export const balancesTodayJob: JobDefinition = {
  name: 'dues.balances_today',
  label: 'Saldos dos sócios ao dia',
  schedule: '5 0 * * *',
  async run({ db, ctx }) {
    const moved = await bringBalancesToTodayInSteps(db, ctx.now(), slicingFor(ctx.database.engine) ? BALANCE_STEP_ROWS : null);
    if (moved) await publishChange(ctx.bus, balances, { action: 'updated', id: 0 }, []);
    return { moved };
  },
};

/** POST /unsettled_payments/generate: queues the year's generation; its progress comes on the jobs topic. */
export const generateAction = defineAction({
  resource: 'unsettled_payments',
  name: 'generate',
  label: 'Lançar as quotas do ano',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [{ name: 'year', type: 'integer', label: 'Ano', validation: { required: true, min: DUES_YEARS.min, max: DUES_YEARS.max } }],
  async run({ db, ctx, caller, input, jobs, afterCommit }) {
    const year = Number(input.year);
    const job = await jobs.enqueue(db, {
      name: GENERATE_JOB,
      // One row per request: a second request runs again (and adds only what is missing).
      key: `${GENERATE_JOB}:${year}:${new Date(ctx.now()).toISOString()}`,
      payload: { year },
      requestedBy: caller.kind === 'user' ? caller.id : null,
    });
    afterCommit(() => jobs.wake());
    return { job: { _id: job._id, state: job.state, name: job.name } };
  },
});
