import { createHash } from 'node:crypto';
import type { AuthenticatedCaller } from '../../auth/caller.js';
import type { ServerContext } from '../../context.js';
import type { Row } from '../../db/database.js';
import { storeOutput } from '../../jobs/file-job.js';
import { readLogos } from '../../pdf/letterhead.js';
import { cardFaces, printSettings } from './faces.js';
import { letterFaces, letterPlacement } from './letters.js';
import { renderCards, renderLetters } from './pdf/document.js';

type Storer = Pick<AuthenticatedCaller, 'kind' | 'id'>;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Stores a PDF as a file owned by nobody (only staff read files), answering its id. */
const storePdf = (ctx: ServerContext, bytes: Buffer, name: string, by: Storer): Promise<number> => storeOutput(ctx, bytes, { name, contentType: 'application/pdf', by });

const COLUMNS = { card: ['file', 'file_data_hash'], letter: ['letter_file', 'letter_data_hash'] } as const;

/**
 * The stored PDF of a card or its letter: drawn again only when what it shows (member, dates,
 * wording, template, layout, offsets, public address) changed since the last one, which the
 * hash of those data tells; otherwise the file already stored is answered.
 */
async function storedPdf(ctx: ServerContext, card: Row, kind: keyof typeof COLUMNS, data: unknown, draw: () => Promise<Buffer>, name: string, by: Storer): Promise<number> {
  const [fileColumn, hashColumn] = COLUMNS[kind];
  const dataHash = sha256(JSON.stringify(data));
  if (card[fileColumn] !== null && card[fileColumn] !== undefined && card[hashColumn] === dataHash) return Number(card[fileColumn]);
  const file = await storePdf(ctx, await draw(), name, by);
  await ctx.database.db.updateTable('membership_cards').set({ [fileColumn]: file, [hashColumn]: dataHash }).where('_id', '=', Number(card._id)).execute();
  return file;
}

/** The card's PDF, in the layout and offsets of the settings. */
export async function cardFile(ctx: ServerContext, card: Row, by: Storer): Promise<number> {
  const { db } = ctx.database;
  const [face] = await cardFaces(db, [card], ctx.config.publicUrl, ctx.files);
  const print = await printSettings(db);
  const draw = () => renderCards({ faces: [face!], ...print, title: face!.title });
  return storedPdf(ctx, card, 'card', { face, print }, draw, `cartao-${face!.number || Number(card._id)}.pdf`, by);
}

/** The card's cover letter (a 422 when the member has no full address). */
export async function letterFile(ctx: ServerContext, card: Row, by: Storer): Promise<number> {
  const { db } = ctx.database;
  const [letter] = await letterFaces(db, [card], ctx.config.publicUrl, ctx.now());
  const placement = await letterPlacement(db);
  const logos = await readLogos(db, ctx.files, [letter!.issuer]);
  const draw = () => renderLetters([letter!], placement, undefined, logos);
  return storedPdf(ctx, card, 'letter', { letter, placement }, draw, `carta-cartao-${letter!.card.number || Number(card._id)}.pdf`, by);
}
