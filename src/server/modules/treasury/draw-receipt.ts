// A treasury document's PDF, drawn from its snapshot after the issuing transaction commits
// (decision 0054). One function draws it, whoever asks first: the issuing request right after
// its commit, the PDF route, the download, the sweep job. Drawing twice is harmless: the row
// takes the first file recorded, and any other drawer removes its own.
import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { insertFile } from '../../files/records.js';
import { readLogos } from '../../pdf/letterhead.js';
import { sha256 } from './chain.js';
import { renderInThread } from './pdf/render-in-thread.js';
import type { TreasuryDocSnapshot } from './types.js';

type DrawContext = Pick<ServerContext, 'database' | 'files' | 'now'>;

/** A document's stored PDF: its file and the hash recorded for it. */
export interface DrawnPdf {
  file: number;
  pdfSha256: string;
}

/** Another drawer recorded its file first: this one's transaction is rolled back. */
class DrawnMeanwhile extends Error {}

const DRAWN_COLUMNS = ['_id', 'number', 'snapshot', 'file', 'pdf_sha256', 'issued_by'] as const;

const drawnOf = (row: Row): DrawnPdf | null =>
  row.file === null || row.file === undefined || row.pdf_sha256 === null || row.pdf_sha256 === undefined ? null : { file: Number(row.file), pdfSha256: String(row.pdf_sha256) };

/**
 * Draws the document's PDF from its snapshot, stores it, and records file and hash on the row
 * only while it has none (`db`: the database, or the issuing transaction when a caller draws
 * inside it). Answers what the row holds afterwards: this drawing's, or another's that came first.
 */
async function drawAndRecord(db: Db, ctx: Pick<ServerContext, 'files' | 'now'>, row: Row): Promise<DrawnPdf> {
  const snapshot = JSON.parse(String(row.snapshot)) as TreasuryDocSnapshot;
  const number = String(row.number);
  const pdf = await renderInThread([snapshot], number, await readLogos(db, ctx.files, [snapshot.issuer]));
  const pdfSha256 = sha256(pdf);
  const storageKey = await ctx.files.write(pdf);
  const record = async (trx: Db): Promise<DrawnPdf> => {
    const file = await insertFile(trx, {
      originalName: `${number.replace(/[ /]/g, '-')}.pdf`,
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: pdfSha256,
      storageKey,
      uploadedBy: { kind: 'user', id: row.issued_by === null || row.issued_by === undefined ? 0 : Number(row.issued_by) },
      at: ctx.now(),
    });
    // The row changes once: a second drawer finds the file set and updates nothing.
    const updated = await trx.updateTable('treasury_docs').set({ file: file._id, pdf_sha256: pdfSha256 }).where('_id', '=', Number(row._id)).where('file', 'is', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new DrawnMeanwhile();
    return { file: file._id, pdfSha256 };
  };
  try {
    return db.isTransaction ? await record(db) : await db.transaction().execute(record);
  } catch (error) {
    await ctx.files.remove(storageKey);
    if (!(error instanceof DrawnMeanwhile)) throw error;
    const now = await db.selectFrom('treasury_docs').select(['file', 'pdf_sha256']).where('_id', '=', Number(row._id)).executeTakeFirstOrThrow();
    return drawnOf(now)!;
  }
}

/** Drawings under way in this process, per database: a second asker waits for the first instead of drawing again. */
const underWay = new WeakMap<object, Map<number, Promise<DrawnPdf | null>>>();

/**
 * The document's stored PDF, drawn now when it has none yet (its issuing transaction committed
 * and nothing drew it since: the server stopped in between, or the drawing failed). Waits for a
 * drawing of it already under way in this process. Null when there is no such document.
 */
export async function ensureDrawn(ctx: DrawContext, id: number, issued?: Row): Promise<DrawnPdf | null> {
  const { db } = ctx.database;
  // The row as its issue returned it (file empty) spares reading it again.
  const row: Row | undefined = issued ?? (await db.selectFrom('treasury_docs').select(DRAWN_COLUMNS).where('_id', '=', id).executeTakeFirst());
  if (!row) return null;
  const drawn = drawnOf(row);
  if (drawn) return drawn;
  let running = underWay.get(ctx.database);
  if (!running) underWay.set(ctx.database, (running = new Map<number, Promise<DrawnPdf | null>>()));
  const pending = running.get(id);
  if (pending) return pending;
  const drawing = drawAndRecord(db, ctx, row).finally(() => running.delete(id));
  running.set(id, drawing);
  return drawing;
}

/** Inside the issuing transaction `db`: draws the new row's PDF there (the documents a person issues one at a time). */
export async function drawInTransaction(db: Db, ctx: Pick<ServerContext, 'files' | 'now'>, row: Row): Promise<Row> {
  const drawn = await drawAndRecord(db, ctx, row);
  return { ...row, file: drawn.file, pdf_sha256: drawn.pdfSha256 };
}

/**
 * After a commit that issued `row`: draws its PDF. A failure is logged, never thrown: the
 * document is issued whatever happens to its drawing, and the PDF route or the sweep draws it.
 */
export async function drawAfterCommit(ctx: DrawContext, row: Row): Promise<Row> {
  try {
    const drawn = await ensureDrawn(ctx, Number(row._id), row);
    return drawn ? { ...row, file: drawn.file, pdf_sha256: drawn.pdfSha256 } : row;
  } catch (error) {
    console.error(`[treasury] document ${String(row.number)} issued, its PDF not drawn yet (drawn on request or by the sweep): ${error instanceof Error ? error.message : String(error)}`);
    return row;
  }
}

const SWEEP_PAGE = 100;

/**
 * Draws every document left without its PDF, oldest first, a page at a time (the partial index
 * treasury_docs_undrawn finds them). Answers how many it drew; one that fails is counted and
 * skipped, the next sweep tries it again.
 */
export async function drawMissing(ctx: DrawContext, progress?: (done: number, total: number) => Promise<void>): Promise<{ drawn: number; failed: number }> {
  const { db } = ctx.database;
  const total = Number((await db.selectFrom('treasury_docs').select((eb) => eb.fn.countAll().as('n')).where('file', 'is', null).executeTakeFirstOrThrow()).n);
  let after = 0;
  let drawn = 0;
  let failed = 0;
  for (;;) {
    const page = await db.selectFrom('treasury_docs').select('_id').where('file', 'is', null).where('_id', '>', after).orderBy('_id').limit(SWEEP_PAGE).execute();
    for (const { _id: id } of page) {
      try {
        if (await ensureDrawn(ctx, id)) drawn += 1;
      } catch (error) {
        failed += 1;
        console.error(`[treasury] document ${id}: PDF not drawn: ${error instanceof Error ? error.message : String(error)}`);
      }
      after = id;
      await progress?.(drawn + failed, Math.max(total, drawn + failed));
    }
    if (page.length < SWEEP_PAGE) break;
  }
  return { drawn, failed };
}

/** The stored file of a document read with its `file` column: that file, or the one drawn now when it has none yet. */
export async function fileOfDoc(ctx: DrawContext, row: Row): Promise<number | null> {
  if (row.file !== null && row.file !== undefined) return Number(row.file);
  return (await ensureDrawn(ctx, Number(row._id)))?.file ?? null;
}
