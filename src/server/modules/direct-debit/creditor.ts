import type { Db } from '../../db/database.js';
import { coded } from '../../errors.js';
import { readSetting } from '../../settings/read.js';
import { normaliseCreditorId } from './sepa-ids.js';
import { normalisedIban } from './sepa-ids.js';

export interface Creditor {
  /** SEPA creditor identifier, normalised. */
  id: string;
  name: string;
  iban: string;
}

/** Who collects: the organisation's name, its account (associationIban) and creditor identifier; 409 while one is missing. */
export async function readCreditor(db: Db): Promise<Creditor> {
  const id = normaliseCreditorId(await readSetting(db, 'sepaCreditorId'));
  const iban = normalisedIban(await readSetting(db, 'associationIban'));
  const name = (await readSetting(db, 'name')).trim();
  const missing = [...(id ? [] : ['o identificador de credor SEPA']), ...(iban ? [] : ['o IBAN da associação']), ...(name ? [] : ['o nome da organização'])];
  if (missing.length > 0 || !iban) {
    throw coded(409, 'direct_debit_not_configured', `Para cobrar por débito direto, indique primeiro nas definições ${missing.join(' e ')}.`);
  }
  return { id, name, iban };
}
