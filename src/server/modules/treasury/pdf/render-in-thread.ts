import type { Worker } from 'node:worker_threads';
import { startThread } from '../../../threads/start-thread.js';
import type { TreasuryDocSnapshot } from '../types.js';
import type { ReceiptDrawAnswer, ReceiptDrawRequest } from './receipt-thread.js';

/**
 * A thread idle this long is ended: payments come in bursts, and starting one (loading pdfkit
 * into it) costs far more than a receipt's drawing. An idle thread never keeps the server up.
 */
const IDLE_MS = 5 * 60_000;

interface DrawingThread {
  worker: Worker;
  waiting: Map<number, { resolve(pdf: Buffer): void; reject(error: Error): void }>;
  idle?: NodeJS.Timeout;
}

let current: DrawingThread | undefined;
let lastId = 0;

function rest(thread: DrawingThread): void {
  thread.worker.unref();
  thread.idle = setTimeout(() => void thread.worker.terminate(), IDLE_MS);
  thread.idle.unref();
}

/** The drawing thread, started on first use; one that failed or ended is replaced by the next call. */
function drawingThread(): DrawingThread {
  if (current) return current;
  const thread: DrawingThread = { worker: startThread(import.meta.url, 'receipt-thread', undefined), waiting: new Map() };
  const failAll = (error: Error) => {
    if (current === thread) current = undefined;
    clearTimeout(thread.idle);
    for (const { reject } of thread.waiting.values()) reject(error);
    thread.waiting.clear();
  };
  thread.worker.on('message', (answer: ReceiptDrawAnswer) => {
    const asker = thread.waiting.get(answer.id);
    if (!asker) return;
    thread.waiting.delete(answer.id);
    if ('error' in answer) asker.reject(new Error(answer.error));
    else asker.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    if (thread.waiting.size === 0) rest(thread);
  });
  thread.worker.on('error', (error) => {
    failAll(error);
    void thread.worker.terminate();
  });
  thread.worker.on('exit', (code) => failAll(new Error(`The treasury's drawing thread ended (code ${code}) before its drawings did.`)));
  current = thread;
  return thread;
}

/**
 * renderTreasuryDocs in the treasury's drawing thread: the same function, so the same bytes,
 * while the server's event loop goes on answering requests (a receipt is a few milliseconds of
 * pdfkit, a fifth of recording a payment). For the documents drawn one by one after their
 * issue (draw-receipt.ts); blocks merged for printing are drawn where they are asked for.
 */
export function renderInThread(snapshots: readonly TreasuryDocSnapshot[], title: string, logos: ReadonlyMap<number, Buffer>): Promise<Buffer> {
  const thread = drawingThread();
  clearTimeout(thread.idle);
  thread.worker.ref();
  lastId += 1;
  const request: ReceiptDrawRequest = { id: lastId, snapshots, title, logos: [...logos] };
  return new Promise<Buffer>((resolve, reject) => {
    thread.waiting.set(request.id, { resolve, reject });
    thread.worker.postMessage(request);
  });
}
