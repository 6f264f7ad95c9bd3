import { STAFF_ROLES } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';
import { coded } from '../../errors.js';
import { defineResource } from '../../resources/define.js';
import { UNMATCHED_REASONS, type LineOutcome } from './reconciliation-match.js';

/**
 * What each confirmed import did, kept for staff to look back at: the statement's hash on the
 * import (unique: the same file is never imported twice, whatever it is called) and one row per
 * line with the payment it recorded or why it recorded none.
 */
export const reconciliationResultsMigration: Migration = {
  name: '017_reconciliation_results',
  async up(db, engine) {
    await db.schema.alterTable('reconciliation_imports').addColumn('file_sha256', 'varchar(64)').execute();
    // Imports confirmed before this migration have no hash (null, never equal to another).
    await db.schema.createIndex('reconciliation_imports_file_sha256').on('reconciliation_imports').column('file_sha256').unique().execute();

    await withRecordColumns(db.schema.createTable('reconciliation_import_lines'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('reconciliation_import', 'integer', (c) => c.notNull().references('reconciliation_imports._id'))
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('entity', 'varchar(20)')
      .addColumn('reference', 'varchar(40)')
      .addColumn('description', 'varchar(500)')
      .addColumn('transaction_id', 'varchar(100)')
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('payment_request', 'integer', (c) => c.references('payment_requests._id'))
      .addColumn('payment', 'integer', (c) => c.references('payments._id'))
      // Null when the line recorded a payment.
      .addColumn('reason', 'varchar(30)')
      .addColumn('message', 'varchar(300)', (c) => c.notNull())
      .addUniqueConstraint('reconciliation_import_lines_line', ['reconciliation_import', 'line'])
      .execute();
    await db.schema.createIndex('reconciliation_import_lines_created_at').on('reconciliation_import_lines').columns(['created_at', '_id']).execute();
    await db.schema.createIndex('reconciliation_import_lines_payment').on('reconciliation_import_lines').column('payment').execute();
  },
};

/** One line of a confirmed import, as it was decided then. Written by the confirm action only. */
export const reconciliationImportLines = defineResource({
  name: 'reconciliation_import_lines',
  label: 'Movimentos importados',
  labelSingular: 'Movimento importado',
  defaultSort: 'line',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'reconciliation_import', type: 'reference', ref: 'reconciliation_imports', label: 'Importação', readOnly: true, filterable: true },
    { name: 'line', type: 'integer', label: 'Linha', readOnly: true, sortable: true },
    { name: 'date', type: 'date', label: 'Data', readOnly: true, sortable: true },
    { name: 'amount', type: 'money', label: 'Valor', readOnly: true, sortable: true },
    { name: 'entity', type: 'string', label: 'Entidade', readOnly: true },
    { name: 'reference', type: 'string', label: 'Referência', readOnly: true, filterable: true, exactFilter: true },
    { name: 'description', type: 'string', label: 'Descrição', readOnly: true },
    { name: 'transaction_id', type: 'string', label: 'Identificador do movimento', readOnly: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true },
    { name: 'payment_request', type: 'reference', ref: 'payment_requests', label: 'Pedido de pagamento', readOnly: true },
    { name: 'payment', type: 'reference', ref: 'payments', label: 'Pagamento registado', readOnly: true, filterable: true },
    { name: 'reason', type: 'enum', label: 'Motivo de não registar', options: UNMATCHED_REASONS, readOnly: true, filterable: true },
    { name: 'message', type: 'string', label: 'Resultado', readOnly: true },
  ],
});

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));
const dayOf = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A 409 in pt-PT when a statement with these bytes was imported already. */
export async function refuseReimport(db: Db, sha256: string): Promise<void> {
  const earlier = await db.selectFrom('reconciliation_imports').select(['_id', 'file_name', 'created_at']).where('file_sha256', '=', sha256).executeTakeFirst();
  if (earlier) throw alreadyImported(earlier);
}

export const alreadyImported = (earlier?: { _id: unknown; file_name: unknown; created_at: unknown }) =>
  coded(
    409,
    'conflict',
    earlier
      ? `Este extrato já foi importado em ${dayOf(String(earlier.created_at))} («${String(earlier.file_name)}», importação n.º ${String(earlier._id)}). Nada foi registado de novo.`
      : 'Este extrato já foi importado. Nada foi registado de novo.',
  );

/** Keeps every line's outcome under the import; `payments` holds the payment each matched line recorded, by line index. */
export async function storeLineResults(db: Db, importId: number, lines: readonly LineOutcome[], payments: ReadonlyMap<number, number>, stamp: string): Promise<void> {
  const rows = lines.map((line, index) => ({
    reconciliation_import: importId,
    line: line.line,
    date: line.date,
    amount: line.amount,
    entity: clip(line.entity, 20),
    reference: clip(line.reference, 40),
    description: clip(line.description, 500),
    transaction_id: clip(line.transactionId, 100),
    member: line.match?.member ?? null,
    payment_request: line.match?.kind === 'payment_request' ? line.match.request : null,
    payment: payments.get(index) ?? null,
    reason: line.reason,
    message: line.message.slice(0, 300),
    created_at: stamp,
    updated_at: stamp,
    _version: 1,
  }));
  // 14 values a row: well under either engine's limit of bound parameters per statement.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('reconciliation_import_lines').values(rows.slice(i, i + 200)).execute();
}
