import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';

/** Every resource table's columns, stated here (a released migration never reads today's helpers' future). */
const record = <T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) =>
  withRecordColumns(table, engine).addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1));

/**
 * Treasury documents: one counter row per series (type and year) that every issue updates and
 * so locks, which keeps numbers free of gaps and duplicates; the documents, each holding a
 * snapshot of what it shows, its PDF's hash and the previous document's hash in its series; the
 * payments each documents (a payment is documented once: the unique index makes issuing
 * idempotent); staff-defined statuses and each document's status history.
 */
export const treasuryMigration: Migration = {
  name: '029_treasury',
  async up(db, engine) {
    await record(db.schema.createTable('document_statuses'), engine)
      .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('color', 'varchar(7)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('treasury_series')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('prefix', 'varchar(4)', (c) => c.notNull())
      .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
      // The hash of the series' last document: the next one chains to it.
      .addColumn('last_hash', 'varchar(64)')
      .addUniqueConstraint('treasury_series_type_year', ['type', 'year'])
      .execute();

    await record(db.schema.createTable('treasury_docs'), engine)
      .addColumn('number', 'varchar(30)', (c) => c.notNull().unique())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('series', 'integer', (c) => c.notNull().references('treasury_series._id'))
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('member', 'integer', (c) => c.references('members._id'))
      .addColumn('contact', 'integer', (c) => c.references('contacts._id'))
      .addColumn('payer_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('payer_nif', 'varchar(9)')
      .addColumn('payer_address', 'varchar(500)')
      // JSON: [{ description, amount }], amounts in cents.
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('vat_wording', 'varchar(200)', (c) => c.notNull())
      // JSON of everything the PDF shows (issuer included), as issued: the hash chain covers it,
      // and printing blocks draws again from it.
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('annuls', 'integer', (c) => c.references('treasury_docs._id'))
      .addColumn('annul_reason', 'varchar(500)')
      .addColumn('annulled_by_doc', 'integer', (c) => c.references('treasury_docs._id'))
      .addColumn('file', 'integer', (c) => c.notNull().references('files._id'))
      .addColumn('pdf_sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('prev_hash', 'varchar(64)')
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.references('document_statuses._id'))
      .addColumn('issued_by', 'integer', (c) => c.references('users._id'))
      .addUniqueConstraint('treasury_docs_series_sequence', ['series', 'sequence'])
      .execute();
    await db.schema.createIndex('treasury_docs_created_at').on('treasury_docs').columns(['created_at', '_id']).execute();
    // At most one annulment note per document, even when two staff annul at once.
    await db.schema.createIndex('treasury_docs_annuls').on('treasury_docs').column('annuls').unique().execute();

    await db.schema
      .createTable('treasury_doc_payments')
      .addColumn('doc', 'integer', (c) => c.notNull().references('treasury_docs._id'))
      .addColumn('payment', 'integer', (c) => c.notNull().references('payments._id'))
      .addPrimaryKeyConstraint('treasury_doc_payments_pk', ['doc', 'payment'])
      .execute();
    await db.schema.createIndex('treasury_doc_payments_payment').on('treasury_doc_payments').column('payment').unique().execute();

    await db.schema
      .createTable('treasury_doc_status_history')
      .addColumn('_id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('doc', 'integer', (c) => c.notNull().references('treasury_docs._id'))
      .addColumn('status', 'integer', (c) => c.references('document_statuses._id'))
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .addColumn('by', 'integer', (c) => c.references('users._id'))
      .execute();
    await db.schema.createIndex('treasury_doc_status_history_doc').on('treasury_doc_status_history').columns(['doc', '_id']).execute();
  },
};
