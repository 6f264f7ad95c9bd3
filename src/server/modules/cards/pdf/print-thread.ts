import { parentPort } from 'node:worker_threads';
import { newPdfDocument } from '../../../pdf/document.js';
import type { CardFace } from './card-face.js';
import { drawCards } from './document.js';
import type { CardLayout, Offsets } from './layout.js';

// The print thread (draw-in-thread.ts starts it): draws one cards PDF at a time, as the main
// thread would, and posts its bytes and progress back.

/** What the thread is asked to draw: a print job's cards, in the settings' layout. */
export interface CardsDrawRequest {
  faces: readonly CardFace[];
  layout: CardLayout;
  offsets: Offsets;
  title: string;
  /** Progress is posted every this many cards, and after the last. */
  every: number;
}

/** What the thread posts: the next bytes, cards drawn so far, the end of the document, or a failure. */
export type CardsDrawMessage = { bytes: Uint8Array } | { done: number } | { end: true } | { error: string };

/** Bytes per message: pdfkit writes many small pieces, and each message costs a copy and a turn of the main loop. */
const BATCH_BYTES = 64 * 1024;

const port = parentPort!;
const post = (message: CardsDrawMessage, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** The pieces joined into memory of their own (never Buffer's shared pool), so it can be handed over, not copied. */
function joined(pieces: readonly Buffer[], size: number) {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

async function draw({ faces, layout, offsets, title, every }: CardsDrawRequest): Promise<void> {
  const doc = await newPdfDocument(title);
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const bytes = joined(pending, size);
    pending = [];
    size = 0;
    post({ bytes }, [bytes.buffer]);
  };
  doc.on('data', (piece: Buffer) => {
    pending.push(piece);
    size += piece.length;
    if (size >= BATCH_BYTES) flush();
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // The stream starts flowing on the next tick, and the drawing below awaits only microtasks:
  // without this turn every byte would wait for the last card, and the file store with them.
  await new Promise((resolve) => setImmediate(resolve));
  // A photo crossed the thread boundary as a plain Uint8Array; pdfkit takes a Buffer.
  const drawn = faces.map((face) => (face.photo ? { ...face, photo: Buffer.from(face.photo.buffer, face.photo.byteOffset, face.photo.byteLength) } : face));
  await drawCards(doc, {
    faces: drawn,
    layout,
    offsets,
    onCard: (done) => {
      if (done % every === 0 || done === drawn.length) post({ done });
    },
  });
  doc.end();
  await ended;
  flush();
  post({ end: true });
}

port.on('message', (request: CardsDrawRequest) => {
  draw(request).catch((error: unknown) => post({ error: error instanceof Error ? error.message : String(error) }));
});
