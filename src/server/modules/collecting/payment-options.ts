import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';
import type { RequestMethod } from './payment-requests.js';
import { currentProvider } from './requests.js';

/** A bank transfer as a payer needs it: the association's account and the words that name the payer. */
export interface TransferOption {
  iban: string;
  /** What to write in the transfer's description, so the bank statement names the member (reconciliation-match.ts reads "Sócio 123"); null when the member has neither number nor NIF. */
  description: string | null;
}

/**
 * The payment methods the association can take now: its provider's (ifthenpay: those whose key is
 * configured; its own references: Multibanco only). Every page that offers a way to pay renders
 * from this, so a method not configured is never mentioned.
 */
export async function availableMethods(ctx: Pick<ServerContext, 'config'>, db: Db): Promise<RequestMethod[]> {
  const config = ctx.config.ifthenpay;
  if (config) return [...(config.mbKey ? (['multibanco'] as const) : []), ...(config.mbWayKey ? (['mbway'] as const) : [])];
  return (await currentProvider(ctx, db)) ? ['multibanco'] : [];
}

/** The bank transfer a member may make (setting associationIban), or null while the association has no IBAN. */
export async function transferOption(db: Db, member: number | null): Promise<TransferOption | null> {
  const iban = (await readSetting(db, 'associationIban')).replace(/\s/g, '').toUpperCase();
  if (!iban) return null;
  if (member === null) return { iban, description: null };
  const row = await db.selectFrom('members').select(['number', 'nif']).where('_id', '=', member).executeTakeFirst();
  const number = row?.number === null || row?.number === undefined ? null : Number(row.number);
  const nif = typeof row?.nif === 'string' && row.nif ? row.nif : null;
  return { iban, description: number !== null ? `Sócio ${number}` : nif ? `NIF ${nif}` : null };
}
