// Payments and their receipts, both ways: treasury_doc_payments links a payment to the one
// document (a quota or joining-fee receipt) that documents it.
import type { PaymentReceipt } from '../../../core/contract.js';
import type { Db, Row } from '../../db/database.js';

export const paymentReceipt = (id: number, number: string, annulledBy: string | null): PaymentReceipt => ({
  _id: id,
  number,
  pdf: `treasury_docs/${id}/pdf`,
  annulledBy,
});

/** A member's payments' receipts, by payment id, each with the number of the note that annulled it. */
export async function receiptsOfMember(db: Db, member: number): Promise<Map<number, PaymentReceipt>> {
  const rows = await db
    .selectFrom('treasury_doc_payments as l')
    .innerJoin('payments as p', 'p._id', 'l.payment')
    .innerJoin('treasury_docs as d', 'd._id', 'l.doc')
    .leftJoin('treasury_docs as n', 'n._id', 'd.annulled_by_doc')
    .select(['l.payment', 'd._id', 'd.number', 'n.number as note'])
    .where('p.member', '=', member)
    .execute();
  return new Map(rows.map((r) => [r.payment, paymentReceipt(r._id, r.number, r.note === null ? null : r.note)]));
}

/** The receipt row documenting a payment, if any. */
export async function receiptRowOfPayment(db: Db, payment: number): Promise<Row | undefined> {
  return db.selectFrom('treasury_doc_payments as l').innerJoin('treasury_docs as d', 'd._id', 'l.doc').selectAll('d').where('l.payment', '=', payment).executeTakeFirst();
}

/** The payments a document documents (a receipt: one), oldest first. */
export async function paymentsOfDoc(db: Db, doc: number): Promise<number[]> {
  const rows = await db.selectFrom('treasury_doc_payments').select('payment').where('doc', '=', doc).orderBy('payment').execute();
  return rows.map((r) => r.payment);
}

/** The number of a document's annulment note, read from the note itself. */
export async function noteNumber(db: Db, note: unknown): Promise<string | null> {
  if (note === null || note === undefined) return null;
  const row = await db.selectFrom('treasury_docs').select('number').where('_id', '=', Number(note)).executeTakeFirst();
  return row ? row.number : null;
}
