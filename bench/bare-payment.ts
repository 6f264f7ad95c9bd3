// The rows one recorded payment writes, bare: fixed statements, no checks beyond finding the debt
// to pay. The reference of the payment rows, timed in process (payments.ts) and behind the bare
// Fastify route (bare-route.ts): the payment, its allocation to the member's oldest owing debt,
// the debt, the payment's allocated sum, the member's balance, the receipt totals, the series'
// next number, the receipt (its snapshot) and its link, then, after the commit, one PDF of a
// receipt's size stored and recorded on it.
import { CompiledQuery } from 'kysely';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type DatabaseOptions, type Engine } from '../src/server/db/database.js';
import { createFileStore } from '../src/server/files/create-store.js';
import { lisbonDay } from '../src/core/days.js';
import { renderTreasuryDocs } from '../src/server/modules/treasury/pdf/render.js';
import type { TreasuryDocSnapshot } from '../src/server/modules/treasury/types.js';

/** A statement written once with `?` placeholders, as each engine numbers them. */
function statement(engine: Engine, text: string): (parameters: readonly unknown[]) => CompiledQuery {
  let n = 0;
  const own = engine === 'postgres' ? text.replace(/\?/g, () => `$${(n += 1)}`) : text;
  return (parameters) => CompiledQuery.raw(own, [...parameters]);
}

/** A receipt's snapshot as issuing stores it (its size and shape), numbered `number`. */
const snapshotOf = (number: string, member: number, today: string): TreasuryDocSnapshot => ({
  number,
  type: 'quota',
  issueDate: today,
  issuer: { name: 'Associação Cultural e Recreativa de Exemplo', nif: '501234567', address: 'Rua das Flores, 12, 1200-192 Lisboa', logo: null },
  payer: { name: `Sócio ${member}`, nif: '234567899', address: 'Avenida da Liberdade, 100, 3.º esq., 1250-146 Lisboa', membership: `Sócio n.º ${member}` },
  lines: [{ description: 'Quota 2026', amount: 3000 }],
  total: 3000,
  vatWording: 'Isento de IVA ao abrigo do artigo 9.º do CIVA.',
  wording: null,
  annuls: null,
  paymentMethod: 'Transferência',
});

export interface BarePayments {
  /** Writes one payment of 30 € by `member` with its rows and its stored PDF, as described above. */
  pay(member: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database in `options` for bare payments (their receipts in a series of their own, 'RB', so their numbers never meet the server's). */
export async function openBarePayments(options: DatabaseOptions): Promise<BarePayments> {
  const database = await openDatabase(options);
  const config = loadConfig({ ...process.env, ASSOCIA_MODE: 'test' }, { dataDir: options.dataDir, databaseUrl: options.databaseUrl, pgSchema: options.pgSchema, publicUrl: 'http://bench', smtpUrl: undefined, sentryDsn: undefined, logRequests: false });
  const files = createFileStore(config, database);
  const { db, engine } = database;
  const today = lisbonDay(Date.now());
  const year = Number(today.slice(0, 4));
  const stamp = () => new Date().toISOString();
  const pdf = await renderTreasuryDocs([snapshotOf(`R ${year}/1`, 1, today)], 'Recibo');
  const q = {
    payment: statement(engine, 'INSERT INTO payments (member, household, date, amount, allocated, method, reference, notes, recorded_by, external_id, created_at, updated_at, _version) VALUES (?, NULL, ?, ?, 0, ?, NULL, NULL, NULL, NULL, ?, ?, 1) RETURNING _id'),
    debt: statement(engine, "SELECT _id, amount, paid, year FROM unsettled_payments WHERE member = ? AND status IN ('open', 'partial') ORDER BY due_date, _id LIMIT 1"),
    allocation: statement(engine, 'INSERT INTO payment_allocations (payment, debt, member, amount, created_at, updated_at, _version) VALUES (?, ?, ?, ?, ?, ?, 1)'),
    settle: statement(engine, 'UPDATE unsettled_payments SET paid = ?, status = ?, updated_at = ?, _version = _version + 1 WHERE _id = ?'),
    allocated: statement(engine, 'UPDATE payments SET allocated = ?, updated_at = ?, _version = _version + 1 WHERE _id = ?'),
    totals: statement(engine, 'INSERT INTO receipt_totals (basis, debt_year, method, date, counts_from, amount) VALUES (?, ?, ?, ?, ?, ?)'),
    balance: statement(engine, 'UPDATE member_balances SET open_total = open_total - ?, updated_at = ?, _version = _version + 1 WHERE member = ?'),
    series: statement(engine, "UPDATE treasury_series SET last_number = last_number + 1 WHERE type = 'quota' AND year = ? RETURNING _id, last_number, last_hash"),
    doc: statement(
      engine,
      'INSERT INTO treasury_docs (number, type, series, sequence, issue_date, member, contact, payer_name, payer_nif, payer_address, lines, total, vat_wording, snapshot, file, pdf_sha256, chain_version, prev_hash, hash, status, issued_by, created_at, updated_at, _version) ' +
        "VALUES (?, 'quota', ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 2, ?, ?, NULL, NULL, ?, ?, 1) RETURNING _id",
    ),
    lastHash: statement(engine, 'UPDATE treasury_series SET last_hash = ? WHERE _id = ?'),
    link: statement(engine, 'INSERT INTO treasury_doc_payments (doc, payment) VALUES (?, ?)'),
    file: statement(engine, "INSERT INTO files (created_at, updated_at, _version, original_name, content_type, size, sha256, storage_key, uploaded_by_kind, uploaded_by) VALUES (?, ?, 1, ?, 'application/pdf', ?, ?, ?, 'user', 0) RETURNING _id"),
    drawn: statement(engine, 'UPDATE treasury_docs SET file = ?, pdf_sha256 = ? WHERE _id = ? AND file IS NULL'),
  };
  const hash = 'a'.repeat(64);
  try {
    await db.executeQuery(statement(engine, "INSERT INTO treasury_series (type, year, prefix, last_number, last_hash) VALUES ('quota', ?, 'RB', 0, NULL) ON CONFLICT (type, year) DO NOTHING")([year]));
  } catch (error) {
    await database.close();
    throw error;
  }
  const pay = async (member: number) => {
    const at = stamp();
    const doc = await db.transaction().execute(async (trx) => {
      const run = <R>(query: CompiledQuery) => trx.executeQuery<R>(query);
      const payment = (await run<{ _id: number }>(q.payment([member, today, 3000, 'transferencia', at, at]))).rows[0]!._id;
      await run(q.totals(['cash', null, 'transferencia', today, today, 3000]));
      const debt = (await run<{ _id: number; amount: number; paid: number; year: number }>(q.debt([member]))).rows[0];
      if (debt) {
        const amount = Math.min(3000, Number(debt.amount) - Number(debt.paid));
        await run(q.allocation([payment, debt._id, member, amount, at, at]));
        await run(q.settle([Number(debt.paid) + amount, Number(debt.paid) + amount >= Number(debt.amount) ? 'paid' : 'partial', at, debt._id]));
        await run(q.totals(['accrual', debt.year, 'transferencia', today, today, amount]));
        await run(q.allocated([amount, at, payment]));
        await run(q.balance([amount, at, member]));
      }
      const series = (await run<{ _id: number; last_number: number; last_hash: string | null }>(q.series([year]))).rows[0]!;
      const number = `RB ${year}/${series.last_number}`;
      const snapshot = snapshotOf(number, member, today);
      const id = (
        await run<{ _id: number }>(
          q.doc([number, series._id, series.last_number, today, member, snapshot.payer.name, snapshot.payer.nif, snapshot.payer.address, JSON.stringify(snapshot.lines), 3000, snapshot.vatWording, JSON.stringify(snapshot), series.last_hash, hash, at, at]),
        )
      ).rows[0]!._id;
      await run(q.lastHash([hash, series._id]));
      await run(q.link([id, payment]));
      return id;
    });
    const key = await files.write(pdf);
    await db.transaction().execute(async (trx) => {
      const file = (await trx.executeQuery<{ _id: number }>(q.file([at, at, 'recibo.pdf', pdf.length, hash, key]))).rows[0]!._id;
      await trx.executeQuery(q.drawn([file, hash, doc]));
    });
  };
  return { pay, close: () => database.close() };
}
