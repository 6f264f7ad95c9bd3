// The cards rows: one PDF of 1,000 cards, and the public verification of a card, one at a time.
import type { Database, Row } from '../src/server/db/database.js';
import { HttpError } from '../src/server/errors.js';
import { cardFaces, printSettings } from '../src/server/modules/cards/faces.js';
import { issueCard } from '../src/server/modules/cards/issue.js';
import { renderCards } from '../src/server/modules/cards/pdf/document.js';
import { timeOneByOne, type OneByOneTimes } from './measure.js';

export const CARDS_IN_PDF = 1000;
/** Under the verification's per-address limit (60 a minute), so no answer is a 429. */
export const VERIFICATIONS = 50;

export interface CardTimes {
  cards: number;
  /** Seconds per PDF of all the cards: reading their faces, drawing, writing the bytes. */
  seconds: number[];
  bytes: number;
  verify?: OneByOneTimes;
}

/**
 * Issues a card to the first `count` members who may have one, as staff would (members without
 * a paid quota or in an ending state are refused by issueCard and passed over).
 */
export async function issueBenchCards(database: Database, count: number): Promise<Row[]> {
  const { db } = database;
  const candidates = await db.selectFrom('members').select('_id').orderBy('_id').limit(count * 4).execute();
  const cards: Row[] = [];
  for (const { _id } of candidates) {
    if (cards.length === count) break;
    try {
      cards.push(await db.transaction().execute((trx) => issueCard(trx, { member: Number(_id), by: null, now: Date.now() })));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return cards;
}

/** One PDF of these cards in the layout the settings name, `runs` times, as a print job makes it. */
export async function timeCardPdf(database: Database, cards: readonly Row[], publicUrl: string, runs: number, log: (line: string) => void): Promise<CardTimes> {
  const seconds: number[] = [];
  let bytes = 0;
  for (let run = 1; run <= runs; run += 1) {
    const started = performance.now();
    const faces = await cardFaces(database.db, cards, publicUrl);
    const pdf = await renderCards({ faces, ...(await printSettings(database.db)), title: 'Cartões' });
    seconds.push((performance.now() - started) / 1000);
    bytes = pdf.length;
    log(`  PDF of ${cards.length.toLocaleString('en')} cards, run ${run}: ${seconds.at(-1)!.toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
  }
  return { cards: cards.length, seconds, bytes };
}

/** The public check of each card's code once, one after another (a steward at the door). */
export const timeVerifications = (url: string, cards: readonly Row[]): Promise<OneByOneTimes> =>
  timeOneByOne(cards.slice(0, VERIFICATIONS).map((card) => `${url}/api/membership_cards/verify/${String(card.code)}`));
