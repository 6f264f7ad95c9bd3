import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import type { Db } from '../../src/server/db/database.js';
import { recordPayment } from '../../src/server/modules/dues/ledger.js';
import { snapshotChainHash } from '../../src/server/modules/treasury/chain.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';
import { testEngine } from './support/server.js';

// A payment's receipt is numbered last in the payment's transaction (issue 32): payments recorded
// at once still get consecutive numbers, each chained to the one before, and a payment that fails
// after its receipt took a number (the numbering itself, the audit entry after it, or anything
// later in the transaction) gives that number back: the series has no gap.

let server: ResourceTestServer;
let admin: string;
let today: string;
let year: number;
let active: number;

const db = (): Db => server.database.db;
const post = (url: string, body: unknown) => server.json('POST', url, admin, body);
const series = async () => db().selectFrom('treasury_series').select(['_id', 'last_number', 'last_hash']).where('type', '=', 'quota').where('year', '=', year).executeTakeFirstOrThrow();
const integrity = async () => (await post('/api/treasury_docs/verify_integrity', {})).body.data as { ok: boolean };

async function members(count: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await post('/api/members', { dues_exempt: true, name: `Sócio ${tag} ${i}`, state: active });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.push(Number(created.body.data._id));
  }
  return ids;
}

/** Every quota receipt numbered after `after`, in sequence order, with what checks it. */
const receiptsAfter = (after: number) =>
  db()
    .selectFrom('treasury_docs as d')
    .innerJoin('treasury_doc_payments as l', 'l.doc', 'd._id')
    .innerJoin('payments as p', 'p._id', 'l.payment')
    .select(['d._id', 'd.number', 'd.sequence', 'd.snapshot', 'd.prev_hash', 'd.hash', 'd.total', 'd.file', 'p._id as payment', 'p.amount', 'p.member'])
    .where('d.type', '=', 'quota')
    .where('d.sequence', '>', after)
    .orderBy('d.sequence')
    .execute();

/** The receipts are numbered after..after+n with no gap, each one's link covering its snapshot and the link before it. */
async function expectGaplessChain(after: number, previousHash: string | null, n: number) {
  const docs = await receiptsAfter(after);
  expect(docs.map((d) => Number(d.sequence))).toEqual(Array.from({ length: n }, (_, i) => after + i + 1));
  let previous = previousHash;
  for (const doc of docs) {
    expect(doc.number).toBe(`R ${year}/${doc.sequence}`);
    expect(JSON.parse(doc.snapshot).number).toBe(doc.number);
    expect(doc.prev_hash).toBe(previous);
    expect(doc.hash).toBe(snapshotChainHash(doc.snapshot, doc.prev_hash));
    expect(Number(doc.total)).toBe(Number(doc.amount));
    previous = doc.hash;
  }
  expect(await series()).toMatchObject({ last_number: after + n, last_hash: previous });
  return docs;
}

/** A trigger that fails a write of `table` when `condition` (SQL over NEW) holds: a failure injected into the payment's transaction. */
async function failingTrigger(table: string, condition: string): Promise<() => Promise<void>> {
  if (testEngine === 'postgres') {
    await sql.raw(`CREATE FUNCTION injected_failure() RETURNS trigger AS $$ BEGIN IF ${condition} THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`).execute(db());
    await sql.raw(`CREATE TRIGGER injected_failure BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_failure()`).execute(db());
    return async () => {
      await sql.raw(`DROP TRIGGER injected_failure ON ${table}`).execute(db());
      await sql.raw('DROP FUNCTION injected_failure()').execute(db());
    };
  }
  await sql.raw(`CREATE TRIGGER injected_failure BEFORE INSERT ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).execute(db());
  return async () => {
    await sql.raw('DROP TRIGGER injected_failure').execute(db());
  };
}

beforeAll(async () => {
  server = await startResourceServer();
  admin = (await server.as('admin')).token;
  today = lisbonDay(server.ctx.now());
  year = Number(today.slice(0, 4));
  active = await server.stateId('Ativo');
  expect((await server.putSetting(admin, 'hasTreasury', 'true')).status).toBeLessThan(300);
  // The year's series opened by a first payment.
  const [first] = await members(1, 'primeiro');
  expect((await post('/api/payments/record', { member: first, date: today, amount: 100, method: 'numerario' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe(`receipts of payments recorded at once (${testEngine})`, () => {
  it('get consecutive numbers, no gap and no duplicate, each chained to the one before, each drawn once', async () => {
    const before = await series();
    const payers = await members(12, 'concorrente');
    const answers = await Promise.all(payers.map((member, i) => post('/api/payments/record', { member, date: today, amount: 1000 + i, method: 'numerario' })));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const docs = await expectGaplessChain(before.last_number, before.last_hash, payers.length);
    // Each answer names its own payment's receipt.
    const answered = new Map(answers.map((a) => [Number(a.body.data.payment._id), Number(a.body.data.receipt._id)]));
    for (const doc of docs) expect(answered.get(Number(doc.payment))).toBe(Number(doc._id));
    // Drawn after each commit, before each answer, once: one file per receipt.
    const drawn = await receiptsAfter(before.last_number);
    expect(drawn.every((d) => d.file !== null)).toBe(true);
    expect(new Set(drawn.map((d) => d.file)).size).toBe(drawn.length);
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it('leave no gap when some of them fail after their receipt took a number', async () => {
    const before = await series();
    const payers = await members(12, 'falha');
    // Every third payment fails as its receipt is linked to it, after the series gave it a number.
    const restore = await failingTrigger('treasury_doc_payments', '(SELECT amount FROM payments WHERE _id = NEW.payment) = 1313');
    let answers: { status: number; body: any }[];
    try {
      answers = await Promise.all(payers.map((member, i) => post('/api/payments/record', { member, date: today, amount: i % 3 === 0 ? 1313 : 2000 + i, method: 'numerario' })));
    } finally {
      await restore();
    }
    const failed = payers.filter((_, i) => i % 3 === 0);
    answers.forEach((answer, i) => expect(answer.status, JSON.stringify(answer.body)).toBe(i % 3 === 0 ? 500 : 200));
    // A failed payment left nothing: no payment, no receipt.
    expect(await db().selectFrom('payments').select('_id').where('member', 'in', failed).execute()).toEqual([]);
    await expectGaplessChain(before.last_number, before.last_hash, payers.length - failed.length);
    expect(await integrity()).toEqual({ ok: true, checked: expect.any(Number) });
  });

  it('leave no gap when the action fails after numbering, at its audit entry, or its transaction after issueReceipt', async () => {
    const [member] = await members(1, 'auditoria');
    const before = await series();
    const restore = await failingTrigger('audit_log', "NEW.resource = 'payments' AND NEW.action = 'record'");
    try {
      const failed = await post('/api/payments/record', { member, date: today, amount: 1500, method: 'numerario' });
      expect(failed.status, JSON.stringify(failed.body)).toBe(500);
    } finally {
      await restore();
    }
    expect(await series()).toEqual(before);
    // The ledger's own path: the receipt numbered, then a failure before the commit.
    const taken = await db()
      .transaction()
      .execute(async (trx) => {
        const recorded = await recordPayment(trx, { member: member!, date: today, amount: 1600, method: 'numerario', recordedBy: null }, server.ctx);
        const receipt = await recorded.issueReceipt();
        expect(await recorded.issueReceipt()).toBe(receipt);
        throw Object.assign(new Error('injected failure'), { number: receipt!.number });
      })
      .catch((error: unknown) => (error as { number?: string }).number);
    expect(taken).toBe(`R ${year}/${before.last_number + 1}`);
    expect(await series()).toEqual(before);
    // The next payment takes the number both failures gave back.
    const next = await post('/api/payments/record', { member, date: today, amount: 1700, method: 'numerario' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data.receipt.number).toBe(`R ${year}/${before.last_number + 1}`);
    await expectGaplessChain(before.last_number, before.last_hash, 1);
    expect(await db().selectFrom('payments').select('amount').where('member', '=', member!).execute()).toEqual([{ amount: 1700 }]);
  });
});
