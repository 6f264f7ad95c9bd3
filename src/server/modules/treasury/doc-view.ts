// GET /treasury_docs/{id}/view: what a treasury document's page shows beyond its record, read
// from the snapshot frozen at issue (lines, issuer, payer) and the rows around it (series, the
// notes on either side of an annulment, the payments it documents).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TreasuryDocLink, TreasuryDocView } from '../../../core/contract.js';
import { isStaff } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { unauthorized } from '../../errors.js';
import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { parseId } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { ensureDrawn } from './draw-receipt.js';
import { treasuryDocs } from './resources.js';
import { visibleIds } from './selection.js';
import { typeLabel, type TreasuryDocSnapshot, type TreasuryDocType } from './types.js';

const TEXT = { type: 'string' };
const NULLABLE_TEXT = { type: 'string', nullable: true };
const PARTY = { name: TEXT, nif: NULLABLE_TEXT, address: NULLABLE_TEXT };
const LINK: JsonSchema = { ...objectSchema({ _id: { type: 'integer' }, number: TEXT, issue_date: TEXT, reason: NULLABLE_TEXT }), nullable: true };

const DOC_VIEW_DOC: RouteDoc = {
  tags: ['Tesouraria'],
  summary: 'Um documento de tesouraria como a sua página o mostra',
  description:
    'As linhas (em cêntimos) e o emitente e o pagador tal como foram emitidos, a série pelo seu nome, a nota que anulou o documento ou o documento que uma nota anula, e os pagamentos que documenta. A equipa vê qualquer documento, com quem o emitiu e os resumos de integridade (SHA-256 do PDF e elos da cadeia); um sócio vê os seus.',
  responses: {
    200: {
      description: 'O documento',
      schema: objectSchema({
        data: objectSchema(
          {
            _id: { type: 'integer' },
            number: TEXT,
            type: TEXT,
            type_label: TEXT,
            issue_date: TEXT,
            series_name: TEXT,
            lines: { type: 'array', items: objectSchema({ description: TEXT, amount: { type: 'integer' } }) },
            total: { type: 'integer' },
            vat_wording: TEXT,
            wording: NULLABLE_TEXT,
            issuer: objectSchema(PARTY),
            payer: objectSchema({ ...PARTY, member: { type: 'integer', nullable: true }, member_number: { type: 'integer', nullable: true } }),
            annulled_by: LINK,
            annuls: LINK,
            payments: {
              type: 'array',
              items: objectSchema({ _id: { type: 'integer' }, date: TEXT, amount: { type: 'integer' }, method: TEXT, annulled: { type: 'boolean' } }),
            },
            issued_by_name: NULLABLE_TEXT,
            integrity: objectSchema({ pdf_sha256: TEXT, hash: TEXT, prev_hash: NULLABLE_TEXT }),
          },
          ['_id', 'number', 'type', 'type_label', 'issue_date', 'series_name', 'lines', 'total', 'vat_wording', 'wording', 'issuer', 'payer', 'annulled_by', 'annuls', 'payments'],
        ),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

async function docLink(db: Db, id: number | null): Promise<TreasuryDocLink | null> {
  if (id === null) return null;
  const row = await db.selectFrom('treasury_docs').select(['_id', 'number', 'issue_date', 'annul_reason']).where('_id', '=', id).executeTakeFirst();
  return row ? { _id: row._id, number: row.number, issue_date: row.issue_date, reason: row.annul_reason ?? null } : null;
}

/** The document `id` as its page shows it; `staff` adds who issued it and its hashes. */
async function treasuryDocView(ctx: ServerContext, id: number, staff: boolean): Promise<TreasuryDocView> {
  const { db } = ctx.database;
  const doc = await db
    .selectFrom('treasury_docs as d')
    .innerJoin('treasury_series as s', 's._id', 'd.series')
    .leftJoin('members as m', 'm._id', 'd.member')
    .leftJoin('users as u', 'u._id', 'd.issued_by')
    .select(['d._id', 'd.number', 'd.type', 'd.issue_date', 'd.total', 'd.vat_wording', 'd.snapshot', 'd.member', 'd.annuls', 'd.annulled_by_doc', 'd.pdf_sha256', 'd.hash', 'd.prev_hash'])
    .select(['s.prefix', 's.year', 'm.number as member_number', 'u.name as issued_by_name'])
    .where('d._id', '=', id)
    .executeTakeFirstOrThrow();
  const snapshot = JSON.parse(doc.snapshot) as TreasuryDocSnapshot;
  // A note's reason is its own; the annulled document's link carries it from the note.
  const annulledBy = await docLink(db, doc.annulled_by_doc ?? null);
  const annuls = await docLink(db, doc.annuls ?? null);
  const payments = await db
    .selectFrom('treasury_doc_payments as l')
    .innerJoin('payments as p', 'p._id', 'l.payment')
    .select(['p._id', 'p.date', 'p.amount', 'p.method', 'p.annulled_at'])
    .where('l.doc', '=', id)
    .orderBy('p._id')
    .execute();
  const view: TreasuryDocView = {
    _id: doc._id,
    number: doc.number,
    type: doc.type,
    type_label: typeLabel(doc.type as TreasuryDocType),
    issue_date: doc.issue_date,
    series_name: `${doc.prefix} ${doc.year}`,
    lines: snapshot.lines,
    total: doc.total,
    vat_wording: doc.vat_wording,
    wording: snapshot.wording,
    issuer: { name: snapshot.issuer.name, nif: snapshot.issuer.nif || null, address: snapshot.issuer.address || null },
    payer: { ...snapshot.payer, member: doc.member ?? null, member_number: doc.member_number ?? null },
    annulled_by: annulledBy,
    annuls: annuls && { ...annuls, reason: snapshot.annuls?.reason ?? null },
    payments: payments.map((p) => ({ _id: p._id, date: p.date, amount: p.amount, method: p.method ?? '', annulled: p.annulled_at !== null && p.annulled_at !== undefined })),
  };
  if (!staff) return view;
  // A PDF not drawn yet since its issue (decision 0054) is drawn now, so its hash is shown.
  const pdfSha256 = doc.pdf_sha256 ?? (await ensureDrawn(ctx, id))?.pdfSha256 ?? '';
  return { ...view, issued_by_name: doc.issued_by_name ?? null, integrity: { pdf_sha256: pdfSha256, hash: doc.hash, prev_hash: doc.prev_hash ?? null } };
}

/** Staff: any document; a member: their own (anyone else's is a 404, as if it did not exist). */
export function docViewRoute(app: FastifyInstance): void {
  const { db } = app.ctx.database;
  app.get('/treasury_docs/:id/view', { config: { openapi: DOC_VIEW_DOC } }, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    authorize(treasuryDocs, caller, 'read');
    const id = parseId(request.params.id);
    await visibleIds(db, caller, [id]);
    return { data: await treasuryDocView(app.ctx, id, isStaff(caller)) };
  });
}
