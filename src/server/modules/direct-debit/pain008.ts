import { Document } from 'sepa';
import type { Db } from '../../db/database.js';
import { coded } from '../../errors.js';
import { readCreditor } from './creditor.js';

/** The pain.008 versions the export writes: the 2009 one many banks still take, and the SEPA rulebook's since 2023. */
export const PAIN_VERSIONS = ['pain.008.001.02', 'pain.008.001.08'] as const;
export type PainVersion = (typeof PAIN_VERSIONS)[number];

/** A `YYYY-MM-DD` day as the local midnight `sepa` formats back to the same day (it reads local calendar fields). */
const localDay = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** Cents as the euros `sepa` writes with two decimals (exact: integer cents over 100 round-trip through toFixed(2)). */
const euros = (cents: number): number => cents / 100;

/**
 * Latin letters that Unicode does not decompose into a base letter and an accent, spelt in basic
 * Latin letters, so a debtor called Łukasz is not sent to the bank as "ukasz".
 */
const LETTERS: Record<string, string> = { ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ð: 'D', ð: 'd', Þ: 'TH', þ: 'th', ı: 'i' };

/** Text for a SEPA name or remittance field: accents and characters outside the SEPA Latin set replaced. */
function sepaText(value: string, max: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, (letter) => LETTERS[letter] ?? ' ')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trimEnd() || '-';
}

/** The end-to-end id the bank reports back for an item: the batch and the debt. */
const endToEndId = (batch: number, debt: number) => `ASSOCIA-${batch}-${debt}`;

/**
 * The batch as a pain.008 customer direct debit initiation, written by the `sepa` library: one
 * payment information block per sequence type (first, recurrent), a transaction per item.
 * Rejected items are left out; pending and confirmed ones are what the bank was asked for.
 */
export async function batchPain008(db: Db, batchId: number, version: PainVersion, now: number): Promise<string | null> {
  const batch = await db.selectFrom('direct_debit_batches').selectAll().where('_id', '=', batchId).executeTakeFirst();
  if (!batch) return null;
  const creditor = await readCreditor(db);
  const rows = await db
    .selectFrom('direct_debit_items as i')
    .innerJoin('sepa_mandates as m', 'm._id', 'i.mandate')
    .innerJoin('members as p', 'p._id', 'i.member')
    .innerJoin('unsettled_payments as d', 'd._id', 'i.debt')
    .select(['i.debt as debt', 'i.amount as amount', 'i.sequence_type as sequence_type', 'm.iban as iban', 'm.bic as bic', 'm.reference as reference', 'm.signature_date as signature_date', 'p.name as name', 'd.description as description'])
    .where('i.batch', '=', batchId)
    .where('i.state', '!=', 'rejected')
    .orderBy('i._id')
    .execute();
  if (rows.length === 0) throw coded(409, 'conflict', 'Este lote não tem cobranças para enviar ao banco: foram todas devolvidas.');

  const doc = new Document(version);
  doc.grpHdr.id = `ASSOCIA-DD-${batchId}`;
  doc.grpHdr.created = new Date(now);
  doc.grpHdr.initiatorName = sepaText(creditor.name, 70);
  for (const sequence of ['FRST', 'RCUR'] as const) {
    const group = rows.filter((row) => row.sequence_type === sequence);
    if (group.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.collectionDate = localDay(String(batch.collection_date));
    info.creditorIBAN = creditor.iban;
    info.creditorName = sepaText(creditor.name, 70);
    info.creditorId = creditor.id;
    info.sequenceType = sequence;
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const row of group) {
      const tx = info.createTransaction();
      tx.debtorName = sepaText(String(row.name), 70);
      tx.debtorIBAN = String(row.iban);
      if (row.bic) tx.debtorBIC = String(row.bic);
      tx.mandateId = String(row.reference);
      tx.mandateSignatureDate = localDay(String(row.signature_date));
      tx.amount = euros(Number(row.amount));
      tx.currency = 'EUR';
      tx.remittanceInfo = sepaText(String(row.description), 140);
      tx.end2endId = endToEndId(batchId, Number(row.debt));
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}
