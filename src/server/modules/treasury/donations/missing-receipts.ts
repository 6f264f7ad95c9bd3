// Receipts for payments that have none (recorded before the treasury was on, imported, or with
// auto-issue off; not those of an imported history, decision 0050): how many there are, and a
// background job that issues them one by one, each in its own transaction, with its progress on
// the jobs topic. Issuing is idempotent (a payment is documented at most once, by a unique
// index), so a retried or repeated run issues nothing twice.
import { STAFF_ROLES } from '../../../../core/contract.js';
import type { Db } from '../../../db/database.js';
import { invalidRecord } from '../../../errors.js';
import type { JobDefinition } from '../../../jobs/types.js';
import { defineAction } from '../../../resources/actions.js';
import type { FieldDefinition } from '../../../resources/define.js';
import { HISTORICAL_PAYMENT } from '../../dues/public.js';
import { issueReceiptForPayment } from '../on-payment.js';

const ISSUE_MISSING_JOB = 'treasury.receipts.missing';

interface Range {
  from: string | null;
  to: string | null;
}

/** Recorded, not annulled payments without a receipt, paid within the range (inclusive), oldest first. */
function missingQuery(db: Db, range: Range) {
  let query = db
    .selectFrom('payments as p')
    .leftJoin('treasury_doc_payments as l', 'l.payment', 'p._id')
    .where('l.doc', 'is', null)
    .where('p.annulled_at', 'is', null)
    // A payment from an imported history had its receipt back then (decision 0050).
    .where((eb) => eb.or([eb('p.external_id', 'is', null), eb('p.external_id', 'not like', `${HISTORICAL_PAYMENT}%`)]));
  if (range.from) query = query.where('p.date', '>=', range.from);
  if (range.to) query = query.where('p.date', '<=', range.to);
  return query;
}

async function missingReceipts(db: Db, range: Range): Promise<{ count: number; amount: number }> {
  const row = await missingQuery(db, range)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('p.amount').as('amount')])
    .executeTakeFirstOrThrow();
  return { count: row.count, amount: row.amount ?? 0 };
}

const RANGE_FIELDS: readonly FieldDefinition[] = [
  { name: 'from', type: 'date', label: 'Pagamentos desde' },
  { name: 'to', type: 'date', label: 'Pagamentos até' },
];

const rangeOf = (input: Record<string, unknown>): Range => {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const range = { from: text(input.from), to: text(input.to) };
  if (range.from && range.to && range.from > range.to) throw invalidRecord({ to: 'A data final não pode ser anterior à inicial.' });
  return range;
};

/** POST /treasury_docs/missing_receipts {from?, to?}: how many payments have no receipt, and their total. */
const countMissingAction = defineAction({
  resource: 'treasury_docs',
  name: 'missing_receipts',
  label: 'Contar pagamentos sem recibo',
  on: 'collection',
  access: STAFF_ROLES,
  fields: RANGE_FIELDS,
  async run({ db, input }) {
    const range = rangeOf(input);
    return missingReceipts(db, range);
  },
});

interface IssuePayload extends Range {
  by: number | null;
}

/**
 * POST /treasury_docs/issue_missing {from?, to?}: starts the job that issues the receipts of the
 * payments without one. Answers the job (its progress comes on the jobs topic) and the count.
 */
const issueMissingAction = defineAction({
  resource: 'treasury_docs',
  name: 'issue_missing',
  label: 'Emitir recibos em falta',
  on: 'collection',
  access: STAFF_ROLES,
  fields: RANGE_FIELDS,
  async run({ db, ctx, caller, input, jobs, afterCommit }) {
    const range = rangeOf(input);
    const { count } = await missingReceipts(db, range);
    if (count === 0) throw invalidRecord({ from: 'Não há pagamentos sem recibo nestas datas.' });
    const by = caller.kind === 'user' ? caller.id : null;
    const payload: IssuePayload = { ...range, by };
    const job = await jobs.enqueue(db, {
      name: ISSUE_MISSING_JOB,
      // One run per request: asking twice at once queues two runs, the second finds nothing left to issue.
      key: `${ISSUE_MISSING_JOB}:${caller.kind}:${caller.kind === 'anonymous' ? 0 : caller.id}:${new Date(ctx.now()).toISOString()}`,
      payload,
      requestedBy: by,
    });
    afterCommit(() => jobs.wake());
    return { job: { _id: job._id, state: job.state, name: job.name }, count };
  },
});

export const MISSING_RECEIPT_ACTIONS = [countMissingAction, issueMissingAction] as const;

/** How many payments one transaction looks at between progress reports. */
const STEP = 25;

export const issueMissingJob: JobDefinition = {
  name: ISSUE_MISSING_JOB,
  label: 'Emissão de recibos em falta',
  maxAttempts: 3,
  async run({ db, ctx, payload, progress }) {
    const { from, to, by } = payload as IssuePayload;
    const ids = (await missingQuery(db, { from, to }).select('p._id').orderBy('p.date').orderBy('p._id').execute()).map((row) => row._id);
    let issued = 0;
    for (let done = 0; done < ids.length; done += 1) {
      // Each receipt in its own transaction: a failure leaves the ones before it issued, and a retry skips them.
      const doc = await db.transaction().execute((trx) => issueReceiptForPayment(trx, ctx, ids[done]!, by));
      if (doc) issued += 1;
      if ((done + 1) % STEP === 0 || done + 1 === ids.length) await progress(done + 1, ids.length);
    }
    return { issued, looked: ids.length };
  },
};
