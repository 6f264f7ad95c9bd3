// The cards rows: one PDF of 1,000 cards, and the public verification of a card, one at a time.
// The print job (the HTTP request, the job, the stored file) is timed beside pdfkit and qrcode
// alone drawing the same cards in this process: its bare reference.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Database, Row } from '../src/server/db/database.js';
import { HttpError } from '../src/server/errors.js';
import { cardFaces, printSettings } from '../src/server/modules/cards/faces.js';
import { issueCard } from '../src/server/modules/cards/issue.js';
import { renderCards } from '../src/server/modules/cards/pdf/document.js';
import type { CardFace } from '../src/server/modules/cards/pdf/card-face.js';
import type { LoopDelay, LoopDelayProbe } from './loop-delay.js';
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
  /** Seconds per PDF through the print job: from the request to the job done (the file stored). */
  jobSeconds?: number[];
  /** The server's event loop while the print jobs ran. */
  jobLoopDelay?: LoopDelay;
  /** Seconds per PDF of the same cards drawn by pdfkit and qrcode alone, in this process. */
  bareSeconds?: number[];
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
  const faces = await cardFaces(database.db, cards, publicUrl);
  const bareSeconds: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = performance.now();
    const bare = await bareCardsPdf(faces);
    bareSeconds.push((performance.now() - started) / 1000);
    log(`  the same cards by pdfkit and qrcode alone, run ${run}: ${bareSeconds.at(-1)!.toFixed(2)} s, ${(bare.length / 1024 / 1024).toFixed(1)} MiB`);
  }
  return { cards: cards.length, seconds, bytes, bareSeconds };
}

/** The bare reference: pdfkit and qrcode drawing the same faces, ten to an A4 sheet, written to memory. */
async function bareCardsPdf(faces: readonly CardFace[]): Promise<Buffer> {
  const mm = 72 / 25.4;
  const card = { width: 85.6 * mm, height: 54 * mm };
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [index, face] of faces.entries()) {
    if (index % 10 === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = 20 * mm + (index % 2) * card.width;
    const y = 13 * mm + (Math.floor(index / 2) % 5) * card.height;
    doc.roundedRect(x, y, card.width, card.height, 3 * mm).lineWidth(0.4).stroke('#b0b0b0');
    doc.rect(x, y, card.width, 11 * mm).fill('#1f4e79');
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(8).text(face.organisation, x + 10, y + 6, { lineBreak: false });
    doc.font('Helvetica').fontSize(6.5).text(face.title, x + 10, y + 18, { lineBreak: false });
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8).text(face.name, x + 70, y + 45, { lineBreak: false });
    doc.font('Helvetica').fontSize(7);
    [`N.º ${face.number}`, face.category, face.since, `Válido até ${face.validUntil}`].forEach((line, i) => doc.text(line, x + 70, y + 72 + i * 10.5, { lineBreak: false }));
    const { modules } = QRCode.create(face.url, { errorCorrectionLevel: 'M' });
    const cell = (26 * mm) / (modules.size + 4);
    const qx = x + card.width - 36 * mm;
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) doc.rect(qx + (col + 2) * cell, y + 42 + (row + 2) * cell, cell, cell);
    }
    doc.fill('#000000');
    doc.font('Courier').fontSize(6).text(face.code, qx, y + 42 + 26 * mm, { lineBreak: false });
  }
  doc.end();
  return done;
}

/**
 * The print job as staff start it: `GET /api/membership_cards?type=ids&ids=…` (202 and a job),
 * then its state until it is done, `runs` times; with the server's event loop measured meanwhile.
 * One run first, untimed: it loads pdfkit into the server (about 0.3 s, once per process) and
 * waits for the runs a fresh server catches up on (the night's backup among them).
 */
export async function timePrintJob(url: string, access: string, cards: readonly Row[], runs: number, loopDelay: LoopDelayProbe, log: (line: string) => void): Promise<{ seconds: number[]; loopDelay: LoopDelay }> {
  const headers = { authorization: `Bearer ${access}` };
  const ids = cards.map((card) => Number(card._id)).join(',');
  const seconds: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    if (run === 1) await loopDelay.reset();
    const started = performance.now();
    const asked = await fetch(`${url}/api/membership_cards?type=ids&ids=${ids}`, { headers });
    const body = (await asked.json()) as { data?: { job?: { _id: number } } };
    if (asked.status !== 202 || !body.data?.job) throw new Error(`print of ${cards.length} cards: ${asked.status} ${JSON.stringify(body).slice(0, 200)}`);
    for (;;) {
      // Often enough to see the end within a few ms, seldom enough to cost the run nothing.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const state = await fetch(`${url}/api/membership_cards/print/${body.data.job._id}`, { headers });
      const { data } = (await state.json()) as { data: { state: string } };
      if (data.state === 'done') break;
      if (data.state === 'failed') throw new Error(`print job ${body.data.job._id} failed`);
    }
    const took = (performance.now() - started) / 1000;
    if (run > 0) seconds.push(took);
    log(`  print job of ${cards.length.toLocaleString('en')} cards, ${run === 0 ? 'untimed first run' : `run ${run}`}: ${took.toFixed(2)} s`);
  }
  return { seconds, loopDelay: await loopDelay.read() };
}

/** The public check of each card's code once, one after another (a steward at the door). */
export const timeVerifications = (url: string, cards: readonly Row[]): Promise<OneByOneTimes> =>
  timeOneByOne(cards.slice(0, VERIFICATIONS).map((card) => `${url}/api/membership_cards/verify/${String(card.code)}`));
