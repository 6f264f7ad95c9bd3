import { PostgresAdapter, sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Db, Row } from '../../db/database.js';
import { invalidRecord } from '../../errors.js';
import type { Issuer } from '../../pdf/letterhead.js';
import { readSettings } from '../../settings/read.js';
import { PAYMENT_METHODS } from '../dues/public.js';
import { CHAIN_OF_SNAPSHOT, snapshotChainHash } from './chain.js';
import { drawInTransaction } from './draw-receipt.js';
import type { DocLine, PayerSnapshot, TreasuryDocSnapshot, TreasuryDocType } from './types.js';

export const PREFIX_SETTING = {
  quota: 'treasuryPrefixQuota',
  joining_fee: 'treasuryPrefixJoiningFee',
  donation: 'treasuryPrefixDonation',
  annulment: 'treasuryPrefixAnnulment',
} as const satisfies Record<TreasuryDocType, string>;

/**
 * Who a document is issued to: a member (name, NIF and address read now), or a payer named in
 * full (a contact, a new donor, an annulment note copying its document's payer), optionally
 * linked to a member so the member reads it as theirs.
 */
export type PayerInput = { member: number } | ({ member?: number | null; contact?: number | null } & PayerSnapshot);

export interface IssueTreasuryDocument {
  type: TreasuryDocType;
  payer: PayerInput;
  /** What each amount pays, in cents (positive integers). */
  lines: readonly DocLine[];
  /** Payments the document documents: each at most once, ever (a second issue for one is a 409-style field error). */
  payments?: readonly number[];
  /** The issue date, 'YYYY-MM-DD' (Lisbon day); its year chooses the series. */
  issueDate: string;
  /** The account issuing it; null: the server (auto-issue from a job, demo data). */
  by: number | null;
  /** Extra wording the type requires (a donation receipt's legal basis, "sem contrapartidas"). */
  wording?: string | null;
  /** Internal: an annulment note's target (use annulTreasuryDocument). */
  annuls?: { doc: number; number: string; reason: string };
  /**
   * True: the PDF is not drawn here but after the caller's commit (drawAfterCommit, draw-receipt.ts),
   * so the transaction holds no drawing (a payment's receipt, decision 0054). False or absent: it
   * is drawn inside the transaction, as a document a person issues one at a time.
   */
  drawAfterCommit?: boolean;
  /**
   * Internal, for a payment's receipt (on-payment.ts): the caller found, in this transaction, that
   * the payments have no document yet, and read their methods (in payment order).
   */
  checkedPayments?: { methods: readonly string[] };
}

/** 'Rua X, 1000-001 Lisboa' from a row's address, postal_code and locality; null when it has none. */
export const joinAddress = (row: Row): string | null => {
  const parts = [row.address, [row.postal_code, row.locality].filter(Boolean).join(' ')].map((p) => String(p ?? '').trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
};

/** Who a document is issued to, frozen, and the status it starts in (firstStatus). */
interface PayerAndStatus {
  member: number | null;
  contact: number | null;
  snapshot: PayerSnapshot;
  status: number | null;
}

async function payerSnapshot(db: Db, payer: PayerInput, memberSingular: string): Promise<PayerAndStatus> {
  if (!('name' in payer)) {
    // The member and the first status in one statement (one round trip of a payment's receipt).
    const [row] = (await memberPayerOf(db, payer.member)).rows;
    if (!row) throw invalidRecord({ member: 'Este sócio não existe.' });
    const membership = row.number === null ? null : `${memberSingular} n.º ${row.number}`;
    const status = row.first_status === null || row.first_status === undefined ? null : Number(row.first_status);
    return { member: payer.member, contact: null, snapshot: { name: row.name, nif: (row.nif) ?? null, address: joinAddress(row), membership }, status };
  }
  const named = payer;
  if (!named.name?.trim()) throw invalidRecord({ payer: 'Indique o nome de quem paga.' });
  if (named.nif && !/^\d{9}$/.test(named.nif)) throw invalidRecord({ nif: 'O NIF tem nove algarismos.' });
  return { member: named.member ?? null, contact: named.contact ?? null, snapshot: { name: named.name.trim(), nif: named.nif || null, address: named.address?.trim() || null }, status: await firstStatus(db) };
}

function checkLines(type: TreasuryDocType, lines: readonly DocLine[]): number {
  if (lines.length === 0) throw invalidRecord({ lines: 'Um documento tem pelo menos uma linha.' });
  for (const line of lines) {
    if (!line.description.trim()) throw invalidRecord({ lines: 'Cada linha diz o que paga.' });
    if (!Number.isSafeInteger(line.amount) || (type !== 'annulment' && line.amount <= 0)) throw invalidRecord({ lines: 'Cada linha tem um valor positivo, em cêntimos.' });
  }
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * The next number of the type's series for the year, taken inside the caller's transaction:
 * the counter row's UPDATE locks it (PostgreSQL) until commit, and SQLite has one writer, so
 * concurrent issues across instances get consecutive numbers and a rollback returns its number.
 */
async function nextInSeries(db: Db, type: TreasuryDocType, year: number, prefix: string): Promise<{ series: number; prefix: string; sequence: number; previous: string | null }> {
  // The hash is read in the same statement as the number: both come from the locked row.
  const take = async () => (await takeNumber(db, type, year)).rows[0];
  // The year's first document opens its series (a concurrent opener waits on the unique key, then finds it).
  let row = await take();
  if (!row) {
    await db.insertInto('treasury_series').values({ type, year, prefix, last_number: 0, last_hash: null }).onConflict((oc) => oc.columns(['type', 'year']).doNothing()).execute();
    row = await take();
  }
  if (!row) throw new Error(`treasury series ${type} ${year} could not be opened`);
  return { series: row._id, prefix: row.prefix, sequence: row.last_number, previous: (row.last_hash) ?? null };
}

/** How the documented payments were paid, in words ('Numerário', 'MB WAY', or both joined); null when none is documented. */
async function paymentMethod(db: Db, payments: readonly number[], known?: readonly string[]): Promise<string | null> {
  if (payments.length === 0) return null;
  const methods = known ?? (await db.selectFrom('payments').select('method').where('_id', 'in', [...payments]).orderBy('_id').execute()).map((r) => r.method);
  const labels = [...new Set(methods.map((method) => PAYMENT_METHODS.find((m) => m.value === method)?.label ?? String(method)))];
  return labels.length > 0 ? labels.join(', ') : null;
}

// The statements every payment's receipt runs, compiled once (decision 0054).
const takeNumber = compiledOnce((db: Db, type: string, year: number) =>
  db.updateTable('treasury_series').set({ last_number: sql`last_number + 1` }).where('type', '=', type).where('year', '=', year).returning(['_id', 'prefix', 'last_number', 'last_hash']),
);
const setLastHash = compiledOnce((db: Db, series: number, hash: string) => db.updateTable('treasury_series').set({ last_hash: hash }).where('_id', '=', series));
const linkPayment = compiledOnce((db: Db, doc: number, payment: number) => db.insertInto('treasury_doc_payments').values({ doc, payment }));
const firstStatusOf = compiledOnce((db: Db) => db.selectFrom('document_statuses').select('_id').orderBy('_id').limit(1));
const memberPayerOf = compiledOnce((db: Db, member: number) =>
  db
    .selectFrom('members')
    .select(['name', 'number', 'nif', 'address', 'postal_code', 'locality', (eb) => eb.selectFrom('document_statuses').select('_id').orderBy('_id').limit(1).as('first_status')])
    .where('_id', '=', member),
);

/** The status a new document starts in: the first one staff defined (the demo's 'emitido'), if any. */
const firstStatus = async (db: Db): Promise<number | null> => {
  const [row] = (await firstStatusOf(db)).rows;
  return row ? row._id : null;
};

/** Every setting issuing a document reads, in one query: the issuer, the wording and each type's prefix. */
export const ISSUE_SETTINGS = ['treasuryVatWording', 'memberSingular', 'name', 'orgNif', 'orgAddress', 'orgLogo', ...Object.values(PREFIX_SETTING)] as const;
export type IssueSettings = Awaited<ReturnType<typeof readSettings<(typeof ISSUE_SETTINGS)[number]>>>;

/**
 * A document read, checked and frozen but not numbered yet (prepareTreasuryDocument): everything
 * its snapshot holds except its number. numberTreasuryDocument numbers and stores it.
 */
export interface PreparedDocument {
  type: TreasuryDocType;
  issueDate: string;
  /** The prefix a series opened by this document gets (the type's setting). */
  prefix: string;
  payer: Omit<PayerAndStatus, 'status'>;
  issuer: Issuer;
  lines: DocLine[];
  total: number;
  vatWording: string;
  wording: string | null;
  annuls: IssueTreasuryDocument['annuls'] | null;
  paymentMethod: string | null;
  payments: number[];
  status: number | null;
  by: number | null;
}

/**
 * Reads and checks everything a document says, inside the caller's transaction, and takes no
 * number: the payer, the lines, the issuer and wording (`settings`, when the caller read them
 * already), the payments' method and the first status (with a member payer, in the same read).
 * Bad input is a 422 naming the field.
 */
export async function prepareTreasuryDocument(db: Db, input: IssueTreasuryDocument, known?: IssueSettings): Promise<PreparedDocument> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.issueDate)) throw invalidRecord({ issue_date: 'Indique a data de emissão.' });
  const total = checkLines(input.type, input.lines);
  // Every setting the document needs in one query (a payment's path reads them with its own).
  const settings = known ?? (await readSettings(db, ISSUE_SETTINGS));
  const { status, ...payer } = await payerSnapshot(db, input.payer, settings.memberSingular);
  const payments = [...new Set(input.payments ?? [])];
  if (payments.length > 0 && !input.checkedPayments) {
    const documented = await db.selectFrom('treasury_doc_payments').select('payment').where('payment', 'in', payments).execute();
    if (documented.length > 0) throw invalidRecord({ payments: 'Este pagamento já tem o seu recibo.' });
  }
  return {
    type: input.type,
    issueDate: input.issueDate,
    prefix: settings[PREFIX_SETTING[input.type]],
    payer,
    // The issuer as readIssuer (pdf/letterhead.ts) reads it, from the same query.
    issuer: { name: settings.name, nif: settings.orgNif, address: settings.orgAddress, logo: settings.orgLogo ? Number(settings.orgLogo) : null },
    lines: input.lines.map((l) => ({ description: l.description.trim(), amount: l.amount })),
    total,
    vatWording: settings.treasuryVatWording,
    wording: input.wording?.trim() || null,
    annuls: input.annuls ?? null,
    paymentMethod: await paymentMethod(db, payments, input.checkedPayments?.methods),
    payments,
    status,
    by: input.by,
  };
}

/**
 * Numbers a prepared document and stores it, in the caller's transaction: takes the series'
 * next number, freezes the snapshot, chains it to the previous document of the series and links
 * the payments it documents. On PostgreSQL the series row stays locked from here to the commit,
 * so a caller numbers as late as it can, after its other writes; the rows are written in one
 * statement there (one round trip while the row is held), in four on SQLite, whose statements
 * cost no round trip. Answers the stored row, its PDF not drawn yet.
 */
export async function numberTreasuryDocument(db: Db, ctx: Pick<ServerContext, 'now'>, prepared: PreparedDocument): Promise<Row> {
  const year = Number(prepared.issueDate.slice(0, 4));
  const { series, prefix, sequence, previous } = await nextInSeries(db, prepared.type, year, prepared.prefix);
  const number = `${prefix} ${year}/${sequence}`;
  const snapshot: TreasuryDocSnapshot = {
    number,
    type: prepared.type,
    issueDate: prepared.issueDate,
    issuer: prepared.issuer,
    payer: prepared.payer.snapshot,
    lines: prepared.lines,
    total: prepared.total,
    vatWording: prepared.vatWording,
    wording: prepared.wording,
    annuls: prepared.annuls ? { number: prepared.annuls.number, reason: prepared.annuls.reason } : null,
    paymentMethod: prepared.paymentMethod,
  };
  const snapshotText = JSON.stringify(snapshot);
  // The link covers the snapshot, the document's content as issued; the PDF is its drawing (chain.ts).
  const hash = snapshotChainHash(snapshotText, previous);
  const stamp = new Date(ctx.now()).toISOString();
  const { payer, status, by } = prepared;
  const values = {
    number,
    type: prepared.type,
    series,
    sequence,
    issue_date: prepared.issueDate,
    member: payer.member,
    contact: payer.contact,
    payer_name: payer.snapshot.name,
    payer_nif: payer.snapshot.nif,
    payer_address: payer.snapshot.address,
    lines: JSON.stringify(snapshot.lines),
    total: prepared.total,
    vat_wording: prepared.vatWording,
    snapshot: snapshotText,
    annuls: prepared.annuls?.doc ?? null,
    annul_reason: prepared.annuls?.reason ?? null,
    annulled_by_doc: null,
    file: null,
    pdf_sha256: null,
    chain_version: CHAIN_OF_SNAPSHOT,
    prev_hash: previous,
    hash,
    status,
    issued_by: by,
    created_at: stamp,
    updated_at: stamp,
    _version: 1,
  };
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The document, the series' last link, its payments and its first status, in one statement.
    return db
      .with('doc', (q) => q.insertInto('treasury_docs').values(values).returningAll())
      .with('chain', (q) => q.updateTable('treasury_series').set({ last_hash: hash }).where('_id', '=', series).returning('_id'))
      .with('link', (q) =>
        q
          .insertInto('treasury_doc_payments')
          .columns(['doc', 'payment'])
          .expression((eb) => eb.selectFrom('doc').select(['doc._id', sql<number>`unnest(${sql.val(prepared.payments)}::integer[])`.as('payment')]))
          .returning('doc'),
      )
      .with('history', (q) =>
        q
          .insertInto('treasury_doc_status_history')
          .columns(['doc', 'status', 'at', 'by'])
          .expression((eb) => eb.selectFrom('doc').select(['doc._id', 'doc.status', 'doc.created_at', 'doc.issued_by']).where('doc.status', 'is not', null))
          .returning('_id'),
      )
      .selectFrom('doc')
      .selectAll()
      .executeTakeFirstOrThrow();
  }
  const row = await db.insertInto('treasury_docs').values(values).returningAll().executeTakeFirstOrThrow();
  const doc = row._id;
  await setLastHash(db, series, hash);
  for (const payment of prepared.payments) await linkPayment(db, doc, payment);
  if (status !== null) await db.insertInto('treasury_doc_status_history').values({ doc, status, at: stamp, by }).execute();
  return row;
}

/**
 * Issues a treasury document inside the caller's transaction `db`: prepares it
 * (prepareTreasuryDocument) and numbers it (numberTreasuryDocument) at once. Its PDF, drawn from
 * the snapshot, is stored here too, or after the commit when `drawAfterCommit` (decision 0054).
 * Answers the stored row. Bad input is a 422 naming the field; nothing is written.
 */
export async function issueTreasuryDocument(db: Db, ctx: Pick<ServerContext, 'files' | 'now'>, input: IssueTreasuryDocument): Promise<Row> {
  const row = await numberTreasuryDocument(db, ctx, await prepareTreasuryDocument(db, input));
  return input.drawAfterCommit ? row : drawInTransaction(db, ctx, row);
}
