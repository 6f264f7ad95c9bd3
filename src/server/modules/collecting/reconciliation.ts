import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_ROLES } from '../../../core/contract.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Migration } from '../../db/migrate.js';
import { BULK_CHANGE_ROWS } from '../../db/vacuum.js';
import { withRecordColumns } from '../../db/migrations/schema-helpers.js';
import { invalidRecord } from '../../errors.js';
import { claimFile, findFile } from '../../files/records.js';
import { StoredFileMissing } from '../../files/store.js';
import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { objectBody } from '../../request-body.js';
import { defineAction } from '../../resources/actions.js';
import { isUniqueViolation } from '../../resources/db-errors.js';
import { defineResource } from '../../resources/define.js';
import { publishChange } from '../../resources/events.js';
import { authorize } from '../../resources/permissions.js';
import { readRow, toRecord } from '../../resources/records.js';
import { announceLedger, announceReceipt, lockMember, recordPayment, type RecordedPayment, refreshBalances, tidyAfterBulk } from '../dues/public.js';
import { payRequest } from './callbacks.js';
import { parseStatement, type Statement } from './reconciliation-csv.js';
import { matchStatement, UNMATCHED_REASONS, type LineOutcome } from './reconciliation-match.js';
import { alreadyImported, reconciliationImportLines, refuseReimport, storeLineResults } from './reconciliation-results.js';
import { earlierImport, namedParties, readDecisions, receiptsOf } from './reconciliation-review.js';

/**
 * Reconciliation imports: staff upload a statement of received payments (POST /api/files?kind=statement),
 * preview what each line matches (POST /api/reconciliation_imports/preview {file}: reads only) and
 * confirm (POST /api/reconciliation_imports/confirm {file}: records the matched lines through the
 * ledger and stores the import, in one transaction). Re-importing the same movements records
 * nothing: every payment has a unique external id derived from its line.
 */
export const reconciliationMigration: Migration = {
  name: '015_reconciliation',
  async up(db, engine) {
    await withRecordColumns(db.schema.createTable('reconciliation_imports'), engine)
      .addColumn('_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('file', 'integer', (c) => c.notNull().references('files._id'))
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('lines', 'integer', (c) => c.notNull())
      .addColumn('recorded', 'integer', (c) => c.notNull())
      .addColumn('recorded_amount', 'bigint', (c) => c.notNull())
      .addColumn('unmatched', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users._id'))
      .execute();
    await db.schema.createIndex('reconciliation_imports_created_at').on('reconciliation_imports').columns(['created_at', '_id']).execute();
  },
};

const SOURCES = [
  { value: 'multibanco', label: 'Extrato Multibanco' },
  { value: 'bank', label: 'Extrato bancário' },
] as const;

export const reconciliationImports = defineResource({
  name: 'reconciliation_imports',
  label: 'Importações de pagamentos',
  labelSingular: 'Importação de pagamentos',
  defaultSort: '-created_at',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] },
  fields: [
    { name: 'file', type: 'file', label: 'Ficheiro', readOnly: true },
    { name: 'file_name', type: 'string', label: 'Nome do ficheiro', readOnly: true, sortable: true },
    { name: 'source', type: 'enum', label: 'Tipo de extrato', options: SOURCES, readOnly: true, filterable: true },
    { name: 'lines', type: 'integer', label: 'Movimentos', readOnly: true },
    { name: 'recorded', type: 'integer', label: 'Pagamentos registados', readOnly: true },
    { name: 'recorded_amount', type: 'money', label: 'Valor registado', readOnly: true },
    { name: 'unmatched', type: 'integer', label: 'Movimentos sem correspondência', readOnly: true },
    { name: 'created_by', type: 'reference', ref: 'users', label: 'Importado por', readOnly: true },
    { name: 'file_sha256', type: 'string', label: 'SHA-256 do ficheiro', readOnly: true },
  ],
});

const FILE_FIELD = { name: 'file', type: 'integer', label: 'Ficheiro', validation: { required: true, min: 1 } } as const;

/** The statement a file holds, checked: it exists, is a statement upload and was not imported yet (unless `imported` is allowed). */
async function readStatement(ctx: ServerContext, db: Db, fileId: number, imported: 'allowed' | 'refused'): Promise<{ statement: Statement; name: string; sha256: string }> {
  const file = await findFile(db, fileId);
  if (!file || file.record.contentType !== 'text/csv') throw invalidRecord({ file: 'Este ficheiro não existe ou não é um extrato CSV: envie-o por POST /api/files?kind=statement.' });
  const owner = file.record.owner;
  if (owner && (imported === 'refused' || owner.resource !== reconciliationImports.name)) throw invalidRecord({ file: 'Este ficheiro já foi importado.' });
  const bytes = await ctx.files.open(file.storageKey).catch((error: unknown) => {
    throw error instanceof StoredFileMissing ? invalidRecord({ file: 'O conteúdo deste extrato já não está guardado: envie-o de novo.' }) : error;
  });
  const chunks: Buffer[] = [];
  for await (const chunk of bytes) chunks.push(chunk as Buffer);
  return { statement: parseStatement(Buffer.concat(chunks)), name: file.record.originalName, sha256: file.record.sha256 };
}

const summary = (lines: readonly LineOutcome[]) => {
  const matched = lines.filter((l) => l.match);
  return { lines: lines.length, matched: matched.length, matchedAmount: matched.reduce((sum, l) => sum + l.amount, 0), unmatched: lines.length - matched.length };
};

/** POST /api/reconciliation_imports/preview: what each line would pay; nothing is written. */
export function reconciliationRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  app.post('/reconciliation_imports/preview', { config: { openapi: PREVIEW_DOC } }, async (request: FastifyRequest) => {
    authorize(reconciliationImports, request.caller, STAFF_ROLES);
    const body = objectBody(request);
    const fileId = Number(body.file);
    if (!Number.isSafeInteger(fileId) || fileId < 1) throw invalidRecord({ file: 'Indique o ficheiro do extrato (o _id devolvido por POST /api/files?kind=statement).' });
    const { db } = ctx.database;
    const { statement, name, sha256 } = await readStatement(ctx, db, fileId, 'allowed');
    const decisions = await readDecisions(db, statement.lines, body.decisions);
    const lines = await matchStatement(db, statement.source, statement.lines, decisions);
    const imported = await earlierImport(db, sha256);
    return { data: { file: fileId, file_name: name, source: statement.source, imported, ...summary(lines), results: lines, ...(await namedParties(db, lines)) } };
  });
}

/**
 * POST /api/reconciliation_imports/confirm: records every matched line and stores the import with
 * each line's outcome, in one transaction. A statement whose bytes were imported before (the
 * same file uploaded again) is refused with a 409 and records nothing.
 */
export const confirmImport = defineAction({
  resource: 'reconciliation_imports',
  name: 'confirm',
  label: 'Confirmar importação',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [FILE_FIELD],
  async run({ ctx, db, caller, input, body, afterCommit, address }) {
    const fileId = Number(input.file);
    const { statement, name, sha256 } = await readStatement(ctx, db, fileId, 'refused');
    await refuseReimport(db, sha256);
    const decisions = await readDecisions(db, statement.lines, body.decisions);
    const { engine } = ctx.database;
    // Lock every member the file may touch, in id order (no deadlock between two imports), then match for real.
    const first = await matchStatement(db, statement.source, statement.lines, decisions);
    const members = [...new Set(first.flatMap((l) => (l.match ? [l.match.member] : [])))].sort((a, b) => a - b);
    for (const member of members) await lockMember(db, engine, member);
    if (engine === 'postgres') {
      const requests = first.flatMap((l) => (l.match?.kind === 'payment_request' ? [l.match.request] : []));
      if (requests.length > 0) await db.selectFrom('payment_requests').select('_id').where('_id', 'in', requests).orderBy('_id').forUpdate().execute();
    }
    const lines = await matchStatement(db, statement.source, statement.lines, decisions);
    const now = ctx.now();
    const stamp = new Date(now).toISOString();
    const actor = caller;
    const counts = summary(lines);
    const inserted = await db
      .insertInto('reconciliation_imports')
      .values({
        file: fileId,
        file_sha256: sha256,
        file_name: name,
        source: statement.source,
        lines: counts.lines,
        recorded: counts.matched,
        recorded_amount: counts.matchedAmount,
        unmatched: counts.unmatched,
        created_by: caller.kind === 'user' ? caller.id : null,
        created_at: stamp,
        updated_at: stamp,
        _version: 1,
      })
      .returning('_id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // The same file confirmed at the same moment elsewhere: that import stands, this one records nothing.
        throw isUniqueViolation(error) ? alreadyImported() : error;
      });
    const id = Number(inserted._id);
    if (!(await claimFile(db, fileId, { resource: reconciliationImports.name, record: id, field: 'file' }, now))) throw invalidRecord({ file: 'Este ficheiro já foi importado.' });
    const payments: number[] = [];
    const paymentOfLine = new Map<number, number>();
    // The payments' receipts, numbered together once every other row is written (the series row stays locked from the first number to the commit).
    const receiptsToIssue: RecordedPayment['issueReceipt'][] = [];
    for (const [index, line] of lines.entries()) {
      const match = line.match;
      if (!match) continue;
      if (match.kind === 'payment_request') {
        const request = (await db.selectFrom('payment_requests').selectAll().where('_id', '=', match.request).executeTakeFirstOrThrow());
        const paid = await payRequest({ ctx, db, afterCommit }, request, { amount: line.amount, date: line.date, actor, address });
        receiptsToIssue.push(paid.issueReceipt);
        payments.push(paid.payment);
        paymentOfLine.set(index, paid.payment);
        continue;
      }
      const result = await recordPayment(
        db,
        {
          member: match.member,
          date: line.date,
          amount: line.amount,
          method: statement.source === 'multibanco' ? 'multibanco' : 'transferencia',
          reference: line.reference ?? line.transactionId,
          notes: line.description ? `Importado de ${name}: ${line.description}`.slice(0, 2000) : `Importado de ${name}`,
          debts: match.debts.map((d) => d.debt),
          recordedBy: caller.kind === 'user' ? caller.id : null,
          externalId: line.externalId,
        },
        ctx,
      );
      payments.push(result.payment);
      paymentOfLine.set(index, result.payment);
      await refreshBalances(db, now, [match.member]);
      announceLedger({ ctx, afterCommit }, [match.member], [
        { resource: 'payments', id: result.payment, action: 'created' },
        ...[...new Set(result.allocations.map((a) => a.debt))].map((debt) => ({ resource: 'unsettled_payments' as const, id: debt })),
        { resource: 'payment_allocations', id: match.member },
        { resource: 'member_balances', id: match.member },
      ]);
      receiptsToIssue.push(result.issueReceipt);
    }
    await storeLineResults(db, id, lines, paymentOfLine, stamp);
    const row = (await readRow(db, reconciliationImports, id))!;
    for (const issue of receiptsToIssue) announceReceipt({ ctx, afterCommit }, await issue());
    afterCommit(async () => {
      // A statement of thousands of payments rewrites as many debts and balances: a bulk load.
      if (payments.length >= BULK_CHANGE_ROWS) await tidyAfterBulk(ctx.database);
      await publishChange(ctx.bus, reconciliationImports, { action: 'created', id }, []);
      await publishChange(ctx.bus, reconciliationImportLines, { action: 'created', id: 0 }, []);
    });
    const receipts = await receiptsOf(db, payments);
    const receiptOf = new Map(receipts.map((r) => [r.payment, { _id: r._id, number: r.number }]));
    const results = lines.map((line, index) => {
      const payment = paymentOfLine.get(index) ?? null;
      return { ...line, payment, receipt: payment === null ? null : (receiptOf.get(payment) ?? null) };
    });
    return { import: toRecord(reconciliationImports, row, caller), payments, receipts, results, ...(await namedParties(db, lines)) };
  },
});

const TAGS = ['Cobranças'];
const object = objectSchema;

const LINE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    line: { type: 'integer', description: 'Linha do ficheiro' },
    date: { type: 'string', format: 'date' },
    amount: { type: 'integer', description: 'Valor em cêntimos' },
    entity: { type: ['string', 'null'] },
    reference: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    transactionId: { type: ['string', 'null'] },
    externalId: { type: 'string', description: 'external_id do pagamento a registar' },
    confidence: { type: ['string', 'null'], enum: ['reference', 'member', 'manual', null], description: 'reference: pedido pela entidade, referência e valor; member: sócio na descrição e valor; manual: escolhido na revisão' },
    credit: { type: 'integer', description: 'Cêntimos que nenhuma dívida leva (crédito do sócio)' },
    match: {
      type: ['object', 'null'],
      description: 'kind payment_request (request, member, debts) ou member (member, debts); debts: [{debt, amount}]',
    },
    reason: {
      type: ['string', 'null'],
      enum: [...UNMATCHED_REASONS.map((r) => r.value), null],
    },
    message: { type: 'string', description: 'A razão, em português' },
  },
  required: ['line', 'date', 'amount', 'externalId', 'match', 'confidence', 'credit', 'reason', 'message'],
};

const PREVIEW_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Pré-visualizar uma importação de pagamentos',
  description:
    'Lê um extrato CSV enviado por POST /api/files?kind=statement (Multibanco: Entidade, Referência, Valor, Data, ID Transação; bancário: Data, Descrição, Valor, Referência; ' +
    'separador ";" ou ","; valores como 12,50; datas dd/mm/aaaa ou aaaa-mm-dd) e diz, linha a linha, o que cada movimento paga: um pedido de pagamento pendente (ou já expirado) pela entidade, ' +
    'referência e valor, ou um sócio referido na descrição (número ou NIF) cujas dívidas em aberto mais antigas somem exatamente o valor; ou porque não paga nada. Não regista nada. ' +
    'Com decisions, mostra o resultado das decisões da revisão (as mesmas que POST /api/reconciliation_imports/confirm aceita): {line, reject: true} não regista a linha; ' +
    '{line, member, debts} regista-a para esse sócio e essas dívidas em aberto (o que sobrar fica como crédito).',
  body: {
    schema: object({
      file: { type: 'integer', description: '_id do ficheiro' },
      decisions: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, reject: { type: 'boolean' }, member: { type: 'integer' }, debts: { type: 'array', items: { type: 'integer' } } }, required: ['line'] } },
    }, ['file']),
    handChecked: 'its decisions are read by readDecisions, shared with POST /confirm (an action), which answers every bad decision under "decisions" in one sentence',
  },
  responses: {
    200: {
      description: 'O resultado, linha a linha',
      schema: object({
        data: object({
          file: { type: 'integer' },
          file_name: { type: 'string' },
          source: { type: 'string', enum: ['multibanco', 'bank'] },
          lines: { type: 'integer' },
          matched: { type: 'integer' },
          matchedAmount: { type: 'integer', description: 'Cêntimos' },
          unmatched: { type: 'integer' },
          imported: { type: ['object', 'null'], description: 'A importação anterior deste mesmo extrato (_id, file_name, created_at), se houver' },
          results: { type: 'array', items: LINE_SCHEMA },
          members: { type: 'array', description: 'Os sócios das correspondências: _id, number, name', items: { type: 'object' } },
          debts: { type: 'array', description: 'As dívidas das correspondências: _id, member, description, due_date, amount', items: { type: 'object' } },
        }),
      }),
    },
  },
  errors: [400, 401, 403, 422],
};
