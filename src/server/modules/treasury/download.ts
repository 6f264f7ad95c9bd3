import type { PassThrough } from 'node:stream';
import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';
import { readLogos } from '../../pdf/letterhead.js';
import { zipWriter } from '../../zip/writer.js';
import { renderTreasuryDocs } from './pdf/render.js';
import { fileOfDoc } from './draw-receipt.js';
import { pdfStream } from './stored-bytes.js';
import type { TreasuryDocSnapshot } from './types.js';

/** Rows are read this many at a time: never every document of a large download at once. */
const PAGE = 200;

const fileName = (number: string) => `${number.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;

/** The documents of `ids` in number order, a page at a time. */
async function* docsOf(db: Db, ids: readonly number[]): AsyncGenerator<Row> {
  for (let start = 0; start < ids.length; start += PAGE) {
    const page = ids.slice(start, start + PAGE);
    const rows = await db.selectFrom('treasury_docs').select(['_id', 'number', 'file', 'snapshot']).where('_id', 'in', page).orderBy('_id').execute();
    yield* rows;
  }
}

export interface DownloadPlan {
  ids: readonly number[];
  inBlocks: boolean;
  /** Called as documents are added (a job's progress). */
  onProgress?: (done: number, total: number) => Promise<void>;
}

/**
 * The downloaded documents as a zip written into `out`: one stored PDF per document, or (in
 * blocks) PDFs of `treasuryBlockSize` documents each, drawn again from the stored snapshots with
 * the same renderer that drew each document (pdfkit cannot merge PDFs; re-drawing needs no PDF
 * merging library and gives the same pages, since a snapshot always draws the same).
 */
export async function writeDownloadZip(db: Db, ctx: ServerContext, plan: DownloadPlan, out: PassThrough): Promise<void> {
  // PDFs are stored as they are: deflating them again only costs time. The writer waits for `out` (backpressure).
  const zip = zipWriter(out, { modified: new Date(ctx.now()) });
  const total = plan.ids.length;
  let done = 0;
  try {
    if (!plan.inBlocks) {
      for await (const row of docsOf(db, plan.ids)) {
        // A document not drawn yet (decision 0054) is drawn now, not left out of the zip.
        const file = await fileOfDoc(ctx, row);
        const stream = file === null ? null : await pdfStream(db, ctx, file);
        if (stream) await zip.add(fileName(String(row.number)), stream, false);
        done += 1;
        // Every document: the job's reporter writes at most a few a second, and the last one is
        // the total (a report every 50 left a download of 6,108 ending at 6,100).
        await plan.onProgress?.(done, total);
      }
    } else {
      const size = await readSetting(db, 'treasuryBlockSize');
      let block: TreasuryDocSnapshot[] = [];
      let blocks = 0;
      const flush = async () => {
        if (block.length === 0) return;
        blocks += 1;
        const name = `bloco-${String(blocks).padStart(3, '0')}-${fileName(block[0]!.number).replace(/\.pdf$/, '')}-a-${fileName(block.at(-1)!.number)}`;
        await zip.add(name, [await renderTreasuryDocs(block, `Documentos de tesouraria, bloco ${blocks}`, await readLogos(db, ctx.files, block.map((s) => s.issuer)))], false);
        done += block.length;
        block = [];
        await plan.onProgress?.(done, total);
      };
      for await (const row of docsOf(db, plan.ids)) {
        block.push(JSON.parse(String(row.snapshot)) as TreasuryDocSnapshot);
        if (block.length >= size) await flush();
      }
      await flush();
    }
    await zip.end();
  } catch (error) {
    zip.abort(error as Error);
    out.destroy(error as Error);
    throw error;
  }
}

/** A block download of at most one block: the merged PDF itself, no zip around it. */
export async function singleBlockPdf(db: Db, ids: readonly number[]): Promise<Buffer | null> {
  if (ids.length > (await readSetting(db, 'treasuryBlockSize'))) return null;
  const snapshots: TreasuryDocSnapshot[] = [];
  for await (const row of docsOf(db, ids)) snapshots.push(JSON.parse(String(row.snapshot)) as TreasuryDocSnapshot);
  return renderTreasuryDocs(snapshots, 'Documentos de tesouraria');
}
