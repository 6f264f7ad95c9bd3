import type { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { startThread } from '../threads/start-thread.js';
import type { Row } from './database.js';
import { rowBuilder } from './raw-rows.js';
import type { ReaderAnswer, ReaderRequest, ReaderThreadInput } from './sqlite-reader-thread.js';

/** The reader's thread, once its connection is open. */
interface ReaderThread {
  worker: Worker;
  exited: Promise<void>;
}

/** A statement sent to the thread: its rows, its error, or undefined when the caller must read it itself (the thread died meanwhile). */
type Waiting = { resolve: (rows: Row[] | undefined) => void; reject: (error: Error) => void };

/** A value as the server's own connection gives it: a blob crosses the thread as a Uint8Array, and is a Buffer again. */
const asRead = (value: unknown) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);

/**
 * Reading statements run on a connection of their own in a worker thread (decision 0065).
 * better-sqlite3 is synchronous: a statement that walks far (a deep page by number, a search
 * through many rows) holds the server's event loop as long as it runs, 60-100 ms at 100,000
 * members when its pages are not in the cache yet. Run here, the loop answers other requests
 * meanwhile. The thread starts when first needed; when it cannot start or dies, `rows` answers
 * undefined and the caller runs the statement on the server's connection, as before.
 */
export class SqliteReader {
  private thread: Promise<ReaderThread | undefined> | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  private broken = false;
  private closed = false;

  constructor(
    private readonly input: ReaderThreadInput,
    private readonly start: (input: ReaderThreadInput) => Worker = (input) => startThread(import.meta.url, 'sqlite-reader-thread', input),
  ) {}

  /** The statement's rows, read in the thread; undefined when the thread is not there or cannot build them (the caller reads them itself). */
  async rows(query: CompiledQuery): Promise<Row[] | undefined> {
    if (this.broken || this.closed) return undefined;
    const thread = await (this.thread ??= this.open());
    if (!thread) return undefined;
    const id = (this.next += 1);
    return new Promise<Row[] | undefined>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, sql: query.sql, parameters: query.parameters } satisfies ReaderRequest);
    });
  }

  /** Ends the thread (its connection closed). Before the server's connection closes. */
  async close(): Promise<void> {
    this.closed = true;
    const thread = await this.thread;
    if (!thread || this.broken) return;
    thread.worker.ref();
    thread.worker.postMessage('close' satisfies ReaderRequest);
    await thread.exited;
  }

  private open(): Promise<ReaderThread | undefined> {
    let worker: Worker;
    try {
      worker = this.start(this.input);
    } catch (error) {
      this.fail(`the thread could not start (${(error as Error).message})`);
      return Promise.resolve(undefined);
    }
    // The server's own handles keep the process alive; the thread alone must not.
    worker.unref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    return new Promise<ReaderThread | undefined>((ready) => {
      worker.on('message', (answer: ReaderAnswer) => {
        if ('ready' in answer) return ready({ worker, exited });
        const waiting = this.waiting.get(answer.id);
        this.waiting.delete(answer.id);
        if (!waiting) return;
        if ('error' in answer) return waiting.reject(new Error(answer.error));
        // A statement whose rows cannot be built here (rowBuilder) is read on the server's connection.
        const toRow = rowBuilder(answer.columns);
        waiting.resolve(toRow ? answer.rows.map((values) => toRow(values.map(asRead))) : undefined);
      });
      const end = (reason: string) => {
        ready(undefined);
        if (!this.closed) this.fail(reason);
      };
      worker.once('error', (error) => end(error.message));
      worker.once('exit', (code) => end(`the thread ended (code ${code})`));
    });
  }

  private fail(reason: string): void {
    if (this.broken) return;
    this.broken = true;
    console.error(`SQLite's reader thread stopped: ${reason}. Long reads run on the server's connection from now on.`);
    // Statements sent to it are read on the server's connection.
    for (const waiting of this.waiting.values()) waiting.resolve(undefined);
    this.waiting.clear();
  }
}
