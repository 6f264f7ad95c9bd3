import { sql } from 'kysely';
import { loose, type Db } from '../../../db/database.js';
import type { ErasureTarget, Schema } from './target.js';

/** Fiscal and accounting records are kept for ten years (CIVA art. 52.º; CIRC art. 123.º). */
const FISCAL_RETENTION_YEARS = 10;

/** One kind of data an erasure keeps: what, why (pt-PT, with the rule), until when (a day, or null: for as long as the association exists), how many rows. */
export interface KeptItem {
  key: string;
  label: string;
  reason: string;
  until: string | null;
  count: number;
}

interface KeptRule {
  key: string;
  label: string;
  reason: string;
  /** How many rows and the last day they count from (null: none, or no end). */
  read(db: Db, target: ErasureTarget, schema: Schema): Promise<{ count: number; last: string | null }>;
  until(last: string | null): string | null;
}

const endOfYearAfter = (years: number) => (last: string | null) => (last === null ? null : `${Number(last.slice(0, 4)) + years}-12-31`);

function monthsAfter(months: number) {
  return (last: string | null): string | null => {
    if (last === null) return null;
    const date = new Date(`${last.slice(0, 10)}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + months);
    return date.toISOString().slice(0, 10);
  };
}

async function countAndLast(db: Db, table: string, dateColumn: string, column: string, value: number): Promise<{ count: number; last: string | null }> {
  const row = await loose(db)
    .selectFrom(table)
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(${sql.ref(dateColumn)})`.as('last')])
    .where(column, '=', value)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), last: row?.last ? String(row.last) : null };
}

const KEPT_RULES: readonly KeptRule[] = [
  {
    key: 'fiscal_documents',
    label: 'Recibos e outros documentos fiscais emitidos ao sócio, tal como foram emitidos (com o nome, o NIF e a morada dessa data)',
    reason: 'Documentos fiscais: conservação obrigatória durante 10 anos (CIVA, art. 52.º; CIRC, art. 123.º). Continuam íntegros (cadeia de verificação) e podem ser abertos.',
    read: (db, target) => countAndLast(db, 'treasury_docs', 'issue_date', 'member', target.id),
    until: endOfYearAfter(FISCAL_RETENTION_YEARS),
  },
  {
    key: 'donations',
    label: 'Donativos do sócio e o registo de doadores (nome, NIF, data e valor)',
    reason: 'Registo de donativos e declaração Modelo 25 (Estatuto dos Benefícios Fiscais, art. 66.º): conservação durante 10 anos (CIRC, art. 123.º).',
    read: (db, target, schema) => (schema.resource('donations') ? countAndLast(db, 'donations', 'date', 'member', target.id) : Promise.resolve({ count: 0, last: null })),
    until: endOfYearAfter(FISCAL_RETENTION_YEARS),
  },
  {
    key: 'ledger',
    label: 'Quotas, dívidas e pagamentos (valores, datas e meios), ligados apenas ao número de sócio',
    reason: 'Registos contabilísticos da associação: conservação durante 10 anos (CIRC, art. 123.º).',
    read: (db, target) => countAndLast(db, 'payments', 'date', 'member', target.id),
    until: endOfYearAfter(FISCAL_RETENTION_YEARS),
  },
  {
    key: 'membership',
    label: 'Número de sócio, estado, categoria e datas de admissão e saída',
    reason: 'Os documentos fiscais e a contabilidade referem o número; as estatísticas de sócios da associação contam as entradas e saídas. Sem nome, não identificam a pessoa.',
    read: async () => ({ count: 1, last: null }),
    until: () => null,
  },
  {
    key: 'mandates',
    label: 'Referência e data de assinatura dos mandatos de débito direto',
    reason: 'O banco pode pedir a prova do mandato num reembolso de uma cobrança até 13 meses depois do débito (regras SEPA de débito direto).',
    read: async (db, target) => {
      const mandates = await countAndLast(db, 'sepa_mandates', 'signature_date', 'member', target.id);
      const items = await countAndLast(db, 'direct_debit_items', 'created_at', 'member', target.id);
      return { count: mandates.count, last: items.last ?? mandates.last };
    },
    until: monthsAfter(13),
  },
  {
    key: 'assemblies',
    label: 'Presenças e votos em assembleias gerais',
    reason: 'Fazem parte das atas e da prova da convocação das assembleias (Código Civil, arts. 172.º a 179.º), documentos permanentes da associação.',
    read: (db, target, schema) => (schema.resource('assembly_attendance') ? countAndLast(db, 'assembly_attendance', 'created_at', 'member', target.id) : Promise.resolve({ count: 0, last: null })),
    until: () => null,
  },
  {
    key: 'erasure_record',
    label: 'O registo deste apagamento e dos pedidos do titular (tipo, datas e resposta)',
    reason: 'Prova de que o direito foi exercido e respondido (RGPD, art. 5.º, n.º 2, e art. 12.º).',
    read: (db, target) => countAndLast(db, 'data_subject_requests', 'received_on', 'member', target.id),
    until: () => null,
  },
];

/** What an erasure of `target` keeps, and why; kinds with nothing to keep are left out (the membership facts always stay). */
export async function keptData(db: Db, target: ErasureTarget, schema: Schema): Promise<KeptItem[]> {
  const items: KeptItem[] = [];
  for (const rule of KEPT_RULES) {
    const { count, last } = await rule.read(db, target, schema);
    if (count === 0 && rule.key !== 'erasure_record') continue;
    items.push({ key: rule.key, label: rule.label, reason: rule.reason, until: rule.until(last), count });
  }
  return items;
}
