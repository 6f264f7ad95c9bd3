import { parentPort } from 'node:worker_threads';
import type { TreasuryDocSnapshot } from '../types.js';
import { renderTreasuryDocs } from './render.js';

// The treasury's drawing thread (render-in-thread.ts starts it): draws documents' PDFs, one
// request after another, with the same function as the main thread, and posts each back whole.

/** A drawing asked of the thread: `id` pairs it with its answer. */
export interface ReceiptDrawRequest {
  id: number;
  snapshots: readonly TreasuryDocSnapshot[];
  title: string;
  /** The issuers' logos by file id; they cross the boundary as plain Uint8Arrays. */
  logos: [number, Uint8Array][];
}

/** The thread's answer: the PDF's bytes (moved, not copied), or why it could not be drawn. */
export type ReceiptDrawAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort!;

async function draw({ snapshots, title, logos }: ReceiptDrawRequest): Promise<Uint8Array<ArrayBuffer>> {
  const asBuffers = new Map(logos.map(([id, bytes]) => [id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  const pdf = await renderTreasuryDocs(snapshots, title, asBuffers);
  // Memory of its own (a small Buffer may sit in the shared pool), so it can be handed over.
  return new Uint8Array(pdf);
}

port.on('message', (request: ReceiptDrawRequest) => {
  draw(request).then(
    (pdf) => port.postMessage({ id: request.id, pdf } satisfies ReceiptDrawAnswer, [pdf.buffer]),
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies ReceiptDrawAnswer),
  );
});
