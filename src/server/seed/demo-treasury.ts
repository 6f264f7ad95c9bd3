import type { Config } from '../config.js';
import type { FileStore } from '../files/store.js';
import type { Db } from '../db/database.js';
import { lisbonYear } from '../../core/days.js';
import { issueDonationReceipt, issueReceiptForPayment } from '../modules/treasury/public.js';
import { insertInBatches } from './batches.js';
import { generateNif } from './nif.js';
import { seededRandom } from './random.js';
import { upsertSetting } from './settings.js';

/** The statuses a treasurer typically keeps, in the order documents move through them; the first is a new document's. */
export const DEMO_DOCUMENT_STATUSES = [
  { name: 'emitido', color: '#57606a' },
  { name: 'enviado', color: '#1f6feb' },
  { name: 'entregue ao contabilista', color: '#bf8700' },
  { name: 'arquivado', color: '#1a7f37' },
] as const;

/**
 * Receipts are PDFs drawn and stored one by one: the demo issues them for the payments of its
 * first members only, so a first start stays quick; the treasury's "emitir recibos em falta"
 * issues the others' when someone wants them all.
 */
const DEMO_RECEIPT_MEMBERS = 60;
const DEMO_SEED = 20_261_126;

const DONORS = [
  { donor_name: 'Papelaria Central, Lda.', kind: 'especie', goods: '20 resmas de papel e material de escritório', amount: 8_500 },
  { donor_name: 'Farmácia do Largo', kind: 'numerario', goods: null, amount: 25_000 },
  { donor_name: 'Joaquim Ferreira', kind: 'numerario', goods: null, amount: 5_000 },
  { donor_name: 'Padaria Flor do Bairro', kind: 'especie', goods: 'Bolos e pão para a festa de Natal', amount: 12_000 },
  { donor_name: 'Helena Marques', kind: 'numerario', goods: null, amount: 2_000 },
] as const;

const midday = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** The demo association as its receipts and letters name it: a legal person's NIF (it starts with 5) and its seat. */
export const DEMO_ISSUER = { orgNif: '507241835', orgAddress: 'Rua da Liberdade, 45, 3500-123 Viseu' } as const;

/**
 * The demo's treasury, issued as staff would issue it: the document statuses, receipts for the
 * last two years' payments of the first members (each dated the day it was paid, so both
 * years' series run in date order), a few donations with their receipts, and statuses spread
 * over the documents with their history. The treasury is on (hasTreasury), so the demo shows
 * its menu, pages and the member's receipts.
 */
export async function seedDemoTreasury(db: Db, config: Config, files: FileStore, now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  // Before the first receipt: each one freezes the issuer's NIF and address as they are.
  for (const [name, value] of Object.entries(DEMO_ISSUER)) await upsertSetting(db, name, value, stamp);
  const statusIds = (
    await db
      .insertInto('document_statuses')
      .values(DEMO_DOCUMENT_STATUSES.map((status) => ({ ...status, created_at: stamp, updated_at: stamp })))
      .returning('_id')
      .execute()
  ).map((row) => Number(row._id));

  const since = `${lisbonYear(now) - 1}-01-01`;
  const payments = await db
    .selectFrom('payments')
    .select(['_id', 'date'])
    .where('member', '<=', DEMO_RECEIPT_MEMBERS)
    .where('date', '>=', since)
    .where('annulled_at', 'is', null)
    .orderBy('date')
    .orderBy('_id')
    .execute();
  for (const payment of payments) {
    const at = midday(String(payment.date));
    await issueReceiptForPayment(db, { config, files, now: () => at }, Number(payment._id), null);
  }

  const random = seededRandom(DEMO_SEED);
  const members = await db.selectFrom('members').select(['_id', 'nif']).where('nif', 'is not', null).orderBy('_id').limit(3).execute();
  const donations = [
    ...DONORS.map((donor) => ({ ...donor, member: null as number | null, donor_nif: generateNif((max) => random.int(0, max)) })),
    ...members.map((member, index) => ({ donor_name: '', kind: 'numerario' as const, goods: null, amount: 1_000 * (index + 1), member: Number(member._id), donor_nif: String(member.nif) })),
  ];
  for (const [index, donation] of donations.entries()) {
    // Spread over this year's first months, in date order.
    const date = `${lisbonYear(now)}-${String(1 + Math.floor((index * 10) / donations.length)).padStart(2, '0')}-${String(5 + index).padStart(2, '0')}`;
    const member = donation.member === null ? null : await db.selectFrom('members').select(['name']).where('_id', '=', donation.member).executeTakeFirstOrThrow();
    const row = await db
      .insertInto('donations')
      .values({
        date,
        kind: donation.kind,
        amount: donation.amount,
        goods: donation.goods,
        member: donation.member,
        contact: null,
        donor_name: member ? String(member.name) : donation.donor_name,
        donor_nif: donation.donor_nif,
        donor_address: null,
        notes: null,
        receipt: null,
        created_at: stamp,
        updated_at: stamp,
        _version: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const receipt = await issueDonationReceipt(db, { config, files, now: () => midday(date) }, row, null);
    await db.updateTable('donations').set({ receipt }).where('_id', '=', Number(row._id)).execute();
  }

  // Older documents have moved further along: delivered to the accountant, or archived.
  const docs = await db.selectFrom('treasury_docs').select(['_id', 'issue_date']).orderBy('_id').execute();
  const history: Array<{ doc: number; status: number; at: string; by: null }> = [];
  for (const doc of docs) {
    const steps = lisbonYear(midday(String(doc.issue_date))) < lisbonYear(now) ? random.int(2, 3) : random.int(0, 2);
    for (let step = 1; step <= steps; step += 1) history.push({ doc: Number(doc._id), status: statusIds[step]!, at: new Date(midday(String(doc.issue_date)) + step * 86_400_000).toISOString(), by: null });
    if (steps > 0) await db.updateTable('treasury_docs').set({ status: statusIds[steps]! }).where('_id', '=', Number(doc._id)).execute();
  }
  await insertInBatches(db, 'treasury_doc_status_history', history);
  await upsertSetting(db, 'hasTreasury', 'true', stamp);
}
