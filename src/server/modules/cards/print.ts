import type { Readable } from 'node:stream';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import type { Db, Row } from '../../db/database.js';
import { badRequest } from '../../errors.js';
import { fileJob, storeOutput, type FileJobRequester } from '../../jobs/file-job.js';
import { timeSlices } from '../../jobs/slices.js';
import { newPdfDocument } from '../../pdf/document.js';
import { readLogos } from '../../pdf/letterhead.js';
import { cardFaces, printSettings } from './faces.js';
import { letterFaces, letterPlacement } from './letters.js';
import { drawCards, drawLetters } from './pdf/document.js';
import { drawCardsInThread } from './pdf/draw-in-thread.js';

/** The selections one PDF of many cards is made of. */
export const PRINT_TYPES = ['active', 'ids', 'category'] as const;
export type PrintType = (typeof PRINT_TYPES)[number];
/** Above this many cards the PDF is made by a background job with a progress bar. */
export const PRINT_INLINE_MAX = 200;
export const PRINT_MAX = 20_000;
export const PRINT_JOB = 'cards.print';

export interface PrintSelection {
  type: PrintType;
  /** Each member's cover letter, with their card at its foot, instead of cards alone. */
  includeLetters: boolean;
  ids?: readonly number[];
  category?: number;
}

type Query = Record<string, string | string[] | undefined>;
const one = (query: Query, name: string): string | undefined => {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`O parâmetro "${name}" só pode aparecer uma vez.`);
  return value;
};

/** Reads ?type=active|ids|category&ids=1,2&category=3&includeLetters=false, with pt-PT 400s. */
export function parseSelection(query: Query): PrintSelection {
  const type = one(query, 'type');
  if (!type || !(PRINT_TYPES as readonly string[]).includes(type)) {
    throw badRequest('Indique que cartões imprimir: type=active (todos os ativos), type=ids (com ids=1,2,3) ou type=category (com category={id}).');
  }
  const letters = one(query, 'includeLetters');
  if (letters !== undefined && letters !== 'false' && letters !== 'true') throw badRequest('O parâmetro "includeLetters" é true ou false.');
  const includeLetters = letters === 'true';
  if (type === 'ids') {
    const raw = one(query, 'ids') ?? '';
    const ids = raw.split(',').filter((part) => part.trim() !== '');
    if (ids.length === 0 || ids.length > PRINT_MAX || !ids.every((id) => /^\d{1,10}$/.test(id.trim()))) {
      throw badRequest(`Indique os cartões a imprimir em "ids", separados por vírgulas (até ${PRINT_MAX.toLocaleString('pt-PT')}).`);
    }
    return { type, includeLetters, ids: [...new Set(ids.map((id) => Number(id.trim())))] };
  }
  if (type === 'category') {
    const category = one(query, 'category') ?? '';
    if (!/^\d{1,10}$/.test(category)) throw badRequest('Indique a categoria de quota dos sócios cujos cartões quer imprimir (category={id}).');
    return { type, includeLetters, category: Number(category) };
  }
  return { type: 'active', includeLetters };
}

/** The cards a selection names, in member-number order; given ids keep only cards that exist. */
export async function selectedCards(db: Db, selection: PrintSelection): Promise<Row[]> {
  let query = db.selectFrom('membership_cards as k').innerJoin('members as m', 'm._id', 'k.member').selectAll('k').orderBy('m.number').orderBy('k._id');
  if (selection.type === 'ids') query = query.where('k._id', 'in', selection.ids!.length > 0 ? [...selection.ids!] : [0]);
  else query = query.where('k.state', '=', 'active');
  if (selection.type === 'category') query = query.where('m.fee_category', '=', selection.category!);
  return query.limit(PRINT_MAX + 1).execute();
}

/** Progress is reported every this many cards: the reporter throttles too, but each call still costs a little. */
const PROGRESS_EVERY = 50;

/**
 * A job's progress reports, each written while the next cards are drawn. A report is a statement
 * and an event: on PostgreSQL two round trips, 10 ms and more each under load, and twenty of them
 * awaited in turn were a fifth of a thousand cards' print job. The run waits for a report only at
 * the next one and at the end, so a run told to stop (closing, its claim lost) still stops within
 * PROGRESS_EVERY cards, and the last report is written before the file is.
 */
function overlappedProgress(progress?: (done: number, total: number) => Promise<void>) {
  let writing: Promise<void> = Promise.resolve();
  return {
    async report(done: number, total: number): Promise<void> {
      if (!progress) return;
      await writing;
      writing = progress(done, total);
      // Its failure is thrown where it is awaited (the next report, or after()), not as an unhandled rejection meanwhile.
      writing.catch(() => undefined);
    },
    /** `drawing`'s outcome, once the last report is written too: no statement of the run outlives it. */
    async after(drawing: Promise<void>): Promise<void> {
      try {
        await drawing;
      } catch (error) {
        await writing.catch(() => undefined);
        throw error;
      }
      await writing;
    },
  };
}

/**
 * A PDF stored while it is drawn: the file store writes the bytes drawn so far meanwhile, so the
 * file is never held whole (a thousand letters are tens of MB), and its hash is taken as it is
 * written. `drawing` settles once every page is out; failed drawing leaves nothing stored.
 */
async function storeWhileDrawn(ctx: ServerContext, pdf: Readable & { end(): unknown }, name: string, by: Pick<AuthenticatedCaller, 'kind' | 'id'>, drawing: Promise<void>): Promise<number> {
  const stored = storeOutput(ctx, pdf, { name, contentType: 'application/pdf', by });
  // A store failing while pages are still drawn is answered below, not as an unhandled rejection meanwhile.
  void stored.catch(() => undefined);
  try {
    await drawing;
  } catch (error) {
    pdf.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
  pdf.end();
  return stored;
}

/** A PDF drawn here, page after page: pdfkit hands out each page's bytes once the next one begins. */
async function streamPdf(ctx: ServerContext, title: string, name: string, by: Pick<AuthenticatedCaller, 'kind' | 'id'>, draw: (doc: PDFKit.PDFDocument) => Promise<void>): Promise<number> {
  const doc = await newPdfDocument(title);
  return storeWhileDrawn(ctx, doc, name, by, draw(doc));
}

/**
 * One PDF of these cards (or of their cover letters), stored; answers the file's id. Letters
 * are checked before anything is drawn: a member without an address is a 422 naming them.
 * Drawing a thousand cards is most of a second of synchronous work: a job's cards are drawn in
 * the print thread (decision 0061); letters, and the few cards printed in a request, go in time
 * slices (jobs/slices.ts) so requests are answered between them. The file store writes the pages
 * drawn so far meanwhile.
 */
export async function printCards(ctx: ServerContext, cards: readonly Row[], includeLetters: boolean, by: Pick<AuthenticatedCaller, 'kind' | 'id'>, progress?: (done: number, total: number) => Promise<void>): Promise<number> {
  const { db } = ctx.database;
  const slices = timeSlices();
  const reports = overlappedProgress(progress);
  const onEach = async (done: number) => {
    if (done % PROGRESS_EVERY === 0 || done === cards.length) await reports.report(done, cards.length);
    await slices.pause();
  };
  if (includeLetters) {
    const letters = await letterFaces(db, cards, ctx.config.publicUrl, ctx.now());
    const placement = await letterPlacement(db);
    const logos = await readLogos(db, ctx.files, letters.map((letter) => letter.issuer));
    return streamPdf(ctx, letters[0]?.card.title ?? 'Cartas', `cartas-cartoes-${cards.length}.pdf`, by, (doc) => reports.after(drawLetters(doc, letters, placement, onEach, logos)));
  }
  const faces = await cardFaces(db, cards, ctx.config.publicUrl, ctx.files);
  const print = await printSettings(db);
  const title = faces[0]?.title ?? 'Cartões';
  const name = `cartoes-${cards.length}.pdf`;
  if (!progress) return streamPdf(ctx, title, name, by, (doc) => reports.after(drawCards(doc, { faces, ...print, onCard: onEach })));
  // A job's cards are drawn in the print thread: the same bytes, with the event loop free meanwhile.
  const drawing = drawCardsInThread({ faces, ...print, title, every: PROGRESS_EVERY }, (done) => reports.report(done, cards.length));
  return storeWhileDrawn(ctx, drawing.pdf, name, by, reports.after(drawing.drawn));
}

interface PrintPayload {
  cards: number[];
  includeLetters: boolean;
  by: FileJobRequester;
}

/**
 * A large selection's PDF, made in the background with its progress on the jobs topic. A retry
 * makes the PDF again: the file of a run that died midway is simply not referenced.
 */
export const printJob = fileJob<PrintPayload>({
  name: PRINT_JOB,
  label: 'Impressão de cartões',
  async make({ ctx, progress }, { cards, includeLetters, by }) {
    const rows = await selectedCards(ctx.database.db, { type: 'ids', includeLetters, ids: cards });
    const file = await printCards(ctx, rows, includeLetters, by, progress);
    return { file, count: rows.length };
  },
});
