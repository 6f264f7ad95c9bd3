import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvCell, CSV_SEPARATOR, LINE_END, UTF8_BOM } from '../../../core/csv.js';
import type { ImportCheck, ImportColumn, ImportDefaults, ImportMapping, ImportOutcome, ImportRowsPage, ImportUpload } from '../../../core/contract.js';
import type { Caller } from '../../auth/caller.js';
import { badRequest, conflict, HttpError, invalidRecord } from '../../errors.js';
import { objectBody } from '../../request-body.js';
import { parseId } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { runCheck } from './check.js';
import { startCommit } from './commit.js';
import { fieldView, mappingProblems, suggestMapping, type TargetField } from './fields.js';
import type { ImportRun } from './kind.js';
import { importKindOf } from './kinds.js';
import { readSpreadsheet, type Sheet } from './read-file.js';
import { CHECK_DOC, COMMIT_DOC, LIST_DOC, READ_DOC, REPORT_DOC, ROWS_DOC, UNDO_DOC, UPLOAD_DOC } from './route-docs.js';
import { batchView, insertBatch, keptMapping, readBatch, readCheckRows, readContent, saveCheck, type BatchRow } from './store.js';
import { undoBatch } from './undo.js';

/** Largest upload: a spreadsheet of 200,000 members is about 40 MB as CSV. */
const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Rows a check answers with; the rest are paged (GET /imports/:id/rows). */
const IMPORT_CHECK_ROWS = 500;
const ROWS_PAGE = 100;
const LIST_PAGE = 50;
const SAMPLES = 3;
const OUTCOME_LABELS: Record<ImportOutcome, string> = { create: 'Cria', update: 'Altera', unchanged: 'Já está assim', duplicate: 'Repetida no ficheiro', error: 'Erro' };

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** Imports are staff's who may create members (the members resource's own rule). */
function mayImport(app: FastifyInstance, caller: Caller): void {
  authorize(app.registry.resourceByName('members')!, caller, 'create');
}

function kindOf(kind: string) {
  const definition = importKindOf(kind);
  if (!definition) throw badRequest(`Tipo de importação desconhecido: «${kind}». Use members ou history.`);
  return definition;
}

function columnsOf(sheet: Sheet): ImportColumn[] {
  return sheet.header.map((header, index) => ({
    index,
    header,
    samples: sheet.rows
      .map((row) => row.cells[index] ?? '')
      .filter((cell) => cell !== '')
      .slice(0, SAMPLES),
  }));
}

/** A mapping or defaults object as sent: string keys to strings (or null, in a mapping). */
function readMap<T extends string | null>(value: unknown, name: string, allowNull: boolean): Record<string, T> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRecord({ [name]: 'Deve ser um objeto.' });
  for (const entry of Object.values(value)) {
    if (!(typeof entry === 'string' || (allowNull && entry === null))) throw invalidRecord({ [name]: 'Cada valor deve ser o nome de um campo' + (allowNull ? ' ou null.' : '.') });
  }
  return value as Record<string, T>;
}

/** The mapping must fit the file and the fields, and every required field must have a column or a default. */
function checkMapping(sheet: Sheet, fields: readonly TargetField[], mapping: ImportMapping, defaults: ImportDefaults): void {
  const problems = mappingProblems(mapping, sheet.header, fields);
  const mapped = new Set(Object.values(mapping));
  for (const field of fields) if (field.required && !mapped.has(field.key) && !(defaults[field.key] ?? '').trim()) problems.push(`Escolha a coluna de «${field.label}».`);
  for (const key of Object.keys(defaults)) if (!fields.some((f) => f.key === key)) problems.push(`Não há nenhum campo «${key}».`);
  if (problems.length > 0) throw invalidRecord({ mapping: problems.join(' ') });
}

const runOf = (app: FastifyInstance, request: FastifyRequest, batch: BatchRow, fields: TargetField[], mapping: ImportMapping, defaults: ImportDefaults): ImportRun => ({
  purpose: 'check',
  app,
  actor: { caller: request.caller, address: request.ip ?? null },
  batchId: batch._id,
  fields,
  mapping,
  defaults,
});

/** The report: the file's rows as they came, with the check's outcome and errors beside them. */
async function reportCsv(app: FastifyInstance, batch: BatchRow): Promise<string> {
  const { db } = app.ctx.database;
  const sheet = await readSpreadsheet(await readContent(db, batch._id));
  const results = new Map((await readCheckRows(db, batch._id)).map((row) => [row.line, row]));
  const fields = new Map(kindOf(batch.kind).fields(app).map((f) => [f.key, f.label]));
  const lines = [[...sheet.header, 'Resultado', 'Erros']];
  for (const row of sheet.rows) {
    const result = results.get(row.line);
    const outcome = result ? OUTCOME_LABELS[result.outcome] + (result.member ? ` (sócio n.º ${result.member.number})` : '') : '';
    const errors = (result?.errors ?? []).map((e) => `${fields.get(e.field) ?? e.field}: ${e.message}`).join(' | ');
    lines.push([...row.cells, outcome, errors]);
  }
  return UTF8_BOM + lines.map((cells) => cells.map(csvCell).join(CSV_SEPARATOR)).join(LINE_END) + LINE_END;
}

/**
 * Imports (decision 0045): upload a spreadsheet, map its columns, check it (nothing written),
 * commit it as one batch (a job), and undo it. Staff who may create members.
 */
export function importRoutes(app: FastifyInstance): void {
  void app.register(async (scope) => {
    const { ctx } = scope;
    const { db } = ctx.database;
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 3, fieldSize: 100, parts: 4 } });

    scope.post('/imports', { config: { openapi: UPLOAD_DOC } }, async (request: FastifyRequest, reply: FastifyReply) => {
      mayImport(scope, request.caller);
      if (!request.isMultipart()) throw new HttpError(415, 'Envie o ficheiro como multipart/form-data, no campo "file" (e o tipo no campo "kind").');
      const fields: Record<string, string> = {};
      let file: { bytes: Buffer; name: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname !== 'file') throw badRequest('Envie o ficheiro no campo "file".');
          else file = { bytes: await part.toBuffer(), name: part.filename };
        }
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, `O ficheiro é demasiado grande: o máximo são ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`);
        if (error instanceof scope.multipartErrors.FilesLimitError) throw badRequest('Envie um ficheiro de cada vez.');
        throw error;
      }
      const kind = kindOf(fields.kind ?? 'members');
      if (!file || file.bytes.length === 0) throw badRequest('Falta o ficheiro: envie-o no campo "file".');
      const sheet = await readSpreadsheet(file.bytes);
      const targets = kind.fields(scope);
      const kept = await keptMapping(db, kind.kind);
      const mapping = suggestMapping(sheet.header, targets, kind.headerNames, kept.mapping);
      const defaults = Object.fromEntries(Object.entries(kept.defaults).filter(([key]) => targets.some((f) => f.key === key)));
      const caller = request.caller;
      const id = await insertBatch(
        db,
        {
          kind: kind.kind,
          fileName: file.name || 'ficheiro',
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          rowCount: sheet.rows.length,
          mapping,
          defaults,
          createdBy: caller.kind === 'user' ? caller.id : null,
          content: file.bytes,
        },
        ctx.now(),
      );
      const answer: ImportUpload = { id, kind: kind.kind, fileName: file.name, rowCount: sheet.rows.length, columns: columnsOf(sheet), fields: targets.map(fieldView), mapping, defaults };
      return reply.status(201).send({ data: answer });
    });

    scope.get('/imports', { config: { openapi: LIST_DOC } }, async (request: FastifyRequest<{ Querystring: { _page?: string } }>) => {
      mayImport(scope, request.caller);
      const page = request.query._page === undefined ? 1 : parseId(request.query._page) || 1;
      const rows = await db.selectFrom('import_batches').select('_id').orderBy('created_at', 'desc').orderBy('_id', 'desc').limit(LIST_PAGE).offset((page - 1) * LIST_PAGE).execute();
      const batches = [];
      for (const row of rows) batches.push(await batchView(db, await readBatch(db, Number(row._id))));
      return { data: batches };
    });

    scope.get('/imports/:id', { config: { openapi: READ_DOC } }, async (request: IdRequest) => {
      mayImport(scope, request.caller);
      const id = parseId(request.params.id);
      return { data: await batchView(db, await readBatch(db, id)) };
    });

    scope.post('/imports/:id/check', { config: { openapi: CHECK_DOC } }, async (request: IdRequest) => {
      mayImport(scope, request.caller);
      const id = parseId(request.params.id);
      const body = objectBody(request);
      const batch = await readBatch(db, id);
      if (batch.state !== 'uploaded' && batch.state !== 'checked') throw conflict('Esta importação já foi gravada: envie o ficheiro de novo para uma nova importação.');
      const kind = kindOf(batch.kind);
      const mapping = readMap<string | null>(body.mapping, 'mapping', true);
      const defaults = readMap<string>(body.defaults, 'defaults', false);
      const sheet = await readSpreadsheet(await readContent(db, id));
      const fields = kind.fields(scope);
      checkMapping(sheet, fields, mapping, defaults);
      const rows = await runCheck(runOf(scope, request, batch, fields, mapping, defaults), kind, sheet);
      const summary = await saveCheck(db, batch, sheet.header, mapping, defaults, rows, ctx.now());
      const answer: ImportCheck = { summary, rows: rows.slice(0, IMPORT_CHECK_ROWS), rowCount: rows.length };
      return { data: answer };
    });

    scope.get('/imports/:id/rows', { config: { openapi: ROWS_DOC } }, async (request: FastifyRequest<{ Params: { id: string }; Querystring: { outcome?: string; _page?: string } }>) => {
      mayImport(scope, request.caller);
      const id = parseId(request.params.id);
      await readBatch(db, id);
      const { outcome } = request.query;
      if (outcome !== undefined && !(outcome in OUTCOME_LABELS)) throw badRequest(`Resultado desconhecido: «${outcome}».`);
      const page = request.query._page === undefined ? 1 : Math.max(1, parseId(request.query._page));
      const rows = (await readCheckRows(db, id)).filter((row) => outcome === undefined || row.outcome === outcome);
      const answer: ImportRowsPage = { rows: rows.slice((page - 1) * ROWS_PAGE, page * ROWS_PAGE), total: rows.length, page, pageSize: ROWS_PAGE };
      return { data: answer };
    });

    scope.get('/imports/:id/report.csv', { config: { openapi: REPORT_DOC } }, async (request: IdRequest, reply: FastifyReply) => {
      mayImport(scope, request.caller);
      const id = parseId(request.params.id);
      const batch = await readBatch(db, id);
      if (batch.summary === null) throw conflict('Verifique primeiro a importação: o relatório é o resultado da verificação.');
      const name = batch.file_name.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} _-]/gu, '_') || 'importacao';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="relatorio.csv"; filename*=UTF-8''${encodeURIComponent(`${name}-relatorio.csv`)}`)
        .send(await reportCsv(scope, batch));
    });

    scope.post('/imports/:id/commit', { config: { openapi: COMMIT_DOC } }, async (request: IdRequest, reply: FastifyReply) => {
      mayImport(scope, request.caller);
      const id = parseId(request.params.id);
      const jobId = await startCommit(scope, id, { caller: request.caller, address: request.ip ?? null });
      return reply.status(202).send({ data: { jobId } });
    });

    scope.post('/imports/:id/undo', { config: { openapi: UNDO_DOC } }, async (request: IdRequest) => {
      mayImport(scope, request.caller);
      const id = parseId(request.params.id);
      const body = request.body === undefined || request.body === null ? {} : objectBody(request);
      if (body.rest !== undefined && typeof body.rest !== 'boolean') throw badRequest('«rest» deve ser true ou false.');
      return { data: await undoBatch(scope, id, { caller: request.caller, address: request.ip ?? null }, body.rest === true) };
    });
  });
}
