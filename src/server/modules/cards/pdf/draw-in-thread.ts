import { PassThrough } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../../threads/start-thread.js';
import type { CardsDrawMessage, CardsDrawRequest } from './print-thread.js';

/**
 * A thread kept this long after a print, for the next one: starting one and loading pdfkit and
 * qrcode into it is a few hundred ms, a large share of a thousand cards. An idle thread never
 * keeps the server alive (unref'd) and is ended after this.
 */
const IDLE_MS = 5 * 60_000;

/**
 * The thread's young generation. The server runs with 4 MB semi-spaces (decision 0038), and a
 * worker inherits the flag: a thousand cards allocate several hundred MB of short-lived objects
 * (QR segments and masks, pdfkit's text layout), collected 4 MB at a time. The print thread gets
 * V8's default (16 MB semi-spaces) instead, and ends when idle, so the server at rest holds none of it.
 */
const YOUNG_GENERATION_MB = 48;

let idle: { worker: Worker; timer: NodeJS.Timeout } | undefined;

function takeThread(): Worker {
  if (idle) {
    const { worker, timer } = idle;
    idle = undefined;
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  const worker = startThread(import.meta.url, 'print-thread', undefined, { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB });
  // A thread that dies while idle is simply not reused.
  worker.on('exit', () => {
    if (idle?.worker === worker) {
      clearTimeout(idle.timer);
      idle = undefined;
    }
  });
  return worker;
}

/** Keeps a thread that drew a whole document for the next one (one is enough: a lane prints one at a time). */
function giveBack(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => void worker.terminate(), IDLE_MS);
  timer.unref();
  idle = { worker, timer };
}

export interface ThreadDrawing {
  /** The PDF's bytes as the thread draws them; ended by the caller once `drawn` resolves (or destroyed). */
  pdf: PassThrough;
  /** Resolves once every card is drawn and every `onProgress` call has returned, in order. */
  drawn: Promise<void>;
}

/**
 * Draws a print job's cards in the print thread: the main thread keeps answering requests (a
 * thousand cards are most of a second of drawing), and the thread's garbage is collected in its
 * own heap. The bytes are those the main thread would draw (the same functions, the same fixed
 * dates and font numbering). `onProgress(done)` is called in order, one at a time; when it throws
 * (the job must stop), the thread is ended and `drawn` rejects with that error.
 */
export function drawCardsInThread(request: CardsDrawRequest, onProgress: (done: number) => Promise<void>): ThreadDrawing {
  const worker = takeThread();
  const pdf = new PassThrough();
  const drawn = new Promise<void>((resolve, reject) => {
    let settled = false;
    let reports: Promise<void> = Promise.resolve();
    const stop = () => {
      settled = true;
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
    function fail(error: unknown) {
      if (settled) return;
      stop();
      void worker.terminate();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
    const onExit = (code: number) => fail(new Error(`The print thread ended (code ${code}) before the document did.`));
    function onMessage(message: CardsDrawMessage) {
      if (settled) return;
      if ('bytes' in message) pdf.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else if ('done' in message) {
        const done = message.done;
        reports = reports.then(() => onProgress(done));
        reports.catch(fail);
      } else if ('error' in message) fail(new Error(message.error));
      else {
        stop();
        giveBack(worker);
        reports.then(resolve, reject);
      }
    }
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
  return { pdf, drawn };
}
