// The year's donations in the layout of the annual donations declaration, Modelo 25 (EBF art.
// 66.º, n.º 1, alínea c); form and instructions approved by Portaria n.º 288/2022). Its table of
// donations received ("Quadro 5") has one line per donor and donation code, giving the donor's
// NIF, the code, and the year's total in money and in kind. Associa gives the accountant those
// columns first, in that order, and after them the donor's name, the count and the receipt numbers
// so each line can be checked against the documents; the accountant enters or imports the first
// five in the Portal das Finanças.
import { csvTable } from '../../../../core/csv.js';
import type { Db } from '../../../db/database.js';
import { readSetting } from '../../../settings/read.js';

export const MODELO25_COLUMNS = [
  'NIF do doador',
  'Código do donativo',
  'Ano',
  'Valor em numerário (EUR)',
  'Valor em espécie (EUR)',
  'Nome do doador',
  'N.º de donativos',
  'Recibos',
] as const;

export interface Modelo25Line {
  nif: string;
  code: string;
  year: number;
  money: number;
  inKind: number;
  name: string;
  count: number;
  receipts: string[];
}

/** Cents as the declaration writes euros: a decimal comma, two decimals, no grouping. */
const euros = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
const eurosOf = (cents: number): string => euros.format(cents / 100);

/**
 * One line per donor NIF, summing the year's donations whose receipt stands (an annulled receipt
 * takes its donation out of the declaration). Lines in NIF order, receipts in issue order.
 */
export async function modelo25Lines(db: Db, year: number): Promise<Modelo25Line[]> {
  const code = await readSetting(db, 'modelo25DonationCode');
  const rows = await db
    .selectFrom('donations as d')
    .leftJoin('treasury_docs as t', 't._id', 'd.receipt')
    .select(['d.donor_nif as nif', 'd.donor_name as name', 'd.kind as kind', 'd.amount as amount', 't.number as number', 't.annulled_by_doc as annulled_by_doc'])
    .where('d.date', '>=', `${year}-01-01`)
    .where('d.date', '<=', `${year}-12-31`)
    .orderBy('d.donor_nif')
    .orderBy('d.date')
    .orderBy('d._id')
    .execute();
  const lines = new Map<string, Modelo25Line>();
  for (const row of rows) {
    if (row.annulled_by_doc !== null && row.annulled_by_doc !== undefined) continue;
    const nif = row.nif;
    const line = lines.get(nif) ?? { nif, code, year, money: 0, inKind: 0, name: row.name, count: 0, receipts: [] };
    if (row.kind === 'especie') line.inKind += row.amount;
    else line.money += row.amount;
    line.count += 1;
    if (row.number !== null && row.number !== undefined) line.receipts.push(row.number);
    lines.set(nif, line);
  }
  return [...lines.values()];
}

export function modelo25Csv(lines: readonly Modelo25Line[]): string {
  return csvTable([
    [...MODELO25_COLUMNS],
    ...lines.map((line) => [line.nif, line.code, String(line.year), eurosOf(line.money), eurosOf(line.inKind), line.name, String(line.count), line.receipts.join(', ')]),
  ]);
}
