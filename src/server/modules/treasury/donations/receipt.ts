import type { ServerContext } from '../../../context.js';
import type { Db, Row } from '../../../db/database.js';
import { readSetting } from '../../../settings/read.js';
import { lisbonDay } from '../../../../core/days.js';
import { issueTreasuryDocument, type PayerInput } from '../issue.js';
import type { DocLine } from '../types.js';

/**
 * What the Estatuto dos Benefícios Fiscais (art. 66.º, n.º 1, alínea b) asks a donation receipt
 * to state beyond its amount and date: the beneficiary's legal status, the legal basis of the
 * donation, and that it was given without anything in return.
 */
async function donationWording(db: Db): Promise<string> {
  const status = await readSetting(db, 'donationEntityStatus');
  const basis = await readSetting(db, 'donationLegalBasis');
  return `${status}. Donativo enquadrado no ${basis}, concedido sem contrapartidas pecuniárias ou comerciais.`;
}

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The one line of a donation receipt: money or the goods given, and the day it was received. */
function donationLines(donation: Row): DocLine[] {
  const what = donation.kind === 'especie' ? `Donativo em espécie: ${String(donation.goods)}` : 'Donativo em dinheiro';
  return [{ description: `${what}, recebido a ${day(String(donation.date))}`, amount: Number(donation.amount) }];
}

/**
 * The donor as the receipt names them. A member whose record holds the NIF given is named by the
 * member (they then see the receipt at home); anyone else by the donation's own snapshot.
 */
async function payerOf(db: Db, donation: Row): Promise<PayerInput> {
  const named = { name: String(donation.donor_name), nif: String(donation.donor_nif), address: (donation.donor_address as string | null) ?? null };
  if (donation.member === null || donation.member === undefined) return { contact: (donation.contact as number | null) ?? null, ...named };
  const member = await db.selectFrom('members').select('nif').where('_id', '=', Number(donation.member)).executeTakeFirst();
  return member?.nif === named.nif ? { member: Number(donation.member) } : named;
}

/** Issues the donation's receipt (series D) inside the donation's own transaction `db`; answers its id. */
export async function issueDonationReceipt(db: Db, ctx: Pick<ServerContext, 'config' | 'files' | 'now'>, donation: Row, by: number | null): Promise<number> {
  const doc = await issueTreasuryDocument(db, ctx, {
    type: 'donation',
    payer: await payerOf(db, donation),
    lines: donationLines(donation),
    issueDate: lisbonDay(ctx.now()),
    by,
    wording: await donationWording(db),
  });
  return Number(doc._id);
}
