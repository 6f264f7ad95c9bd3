import fs from 'node:fs';
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { startThread } from '../threads/start-thread.js';
import type { CheckpointAnswer, CheckpointPass, CheckpointRequest, CheckpointThreadInput } from './wal-checkpoint-thread.js';

/** Pages in the WAL not yet in the database file past which the thread checkpoints: SQLite's own auto-checkpoint threshold. */
const CHECKPOINT_PAGES = 1000;
/**
 * Pages in the WAL past which a checkpoint waits for the server's connection to be free. SQLite
 * starts the WAL over only when a write begins with every frame already in the database file;
 * while a job commits step after step, the thread's checkpoints end with newer frames behind them
 * and the WAL would grow for as long as the job runs. A checkpoint made while the connection is
 * held (asynchronously: the event loop goes on, statements wait) copies those last frames too,
 * and the next write starts the WAL over.
 */
const HOLD_PAGES = 4 * CHECKPOINT_PAGES;
/**
 * The connection is held only once the thread has caught up to this many frames not yet copied,
 * so that statements wait for a short copy (a few milliseconds), not for thousands of frames;
 * until then the thread copies beside them.
 */
const HOLD_FOR_PAGES = 250;
/** Past this many pages the connection is held whatever is left to copy: a writer faster than the thread. */
const HOLD_ANYWAY_PAGES = 16 * CHECKPOINT_PAGES;
/** Checkpoints one poll runs back to back while the WAL is past HOLD_PAGES, to catch up. */
const PASSES_PER_POLL = 8;
/** How often the WAL's state is read (an asynchronous read of 136 bytes; the thread is asked only past the thresholds). */
const POLL_MS = 100;
/** The auto-checkpoint the connection falls back to when the thread cannot work: SQLite's default. */
const FALLBACK_AUTOCHECKPOINT = 1000;

/** What the checkpoints did, for a test to wait on (no sleeps) and for the benchmark. */
export type WalCheckpointEvent = { pass: CheckpointPass; held: boolean } | { fallback: string };

export interface WalCheckpointOptions {
  /** The thread, started when first needed (a test makes it fail to see the fallback). */
  startThread?: (input: CheckpointThreadInput) => Worker;
  pollMs?: number;
  observe?: (event: WalCheckpointEvent) => void;
}

export interface WalCheckpoints {
  /** Ends the thread (its connection closed), after the checkpoint under way. Before the server's connection closes. */
  stop(): Promise<void>;
}

/** Runs `work` while no statement of the server's runs (Kysely's connection held, asynchronously). */
export type HoldConnection = <T>(work: () => Promise<T>) => Promise<T>;

/** The WAL's frames since it last started over, and how many of them are in the database file. */
interface WalIndex {
  frames: number;
  copied: number;
}

/**
 * The WAL's state as SQLite's wal-index (the -shm file, shared memory every connection maps)
 * holds it: the header's mxFrame (offset 16) and the checkpoint's nBackfill (offset 96), in the
 * machine's byte order (https://www.sqlite.org/walformat.html). The header is kept twice (offsets
 * 0 and 48) and written one copy after the other: two copies that differ were read mid-write,
 * and the next poll reads them again. Read from the file, not through SQLite: a statement on the
 * server's connection would run on the event loop, and the thread's would count as a reader.
 */
async function readWalIndex(shmFile: string): Promise<WalIndex | undefined> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(shmFile, 'r');
    const bytes = Buffer.alloc(136);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    if (bytesRead < bytes.length || !bytes.subarray(0, 48).equals(bytes.subarray(48, 96))) return undefined;
    const u32 = (offset: number) => (os.endianness() === 'LE' ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset));
    return { frames: u32(16), copied: u32(96) };
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

interface CheckpointThread {
  pass(): Promise<CheckpointPass>;
  close(): Promise<void>;
}

const defaultStart = (input: CheckpointThreadInput): Worker => startThread(import.meta.url, 'wal-checkpoint-thread', input);

/**
 * The thread, once its connection is open. A thread that ends or fails makes `died` called once
 * (and every pass asked of it since rejected).
 */
function openThread(worker: Worker, died: (reason: string) => void): Promise<CheckpointThread> {
  let waiting: { resolve: (pass: CheckpointPass) => void; reject: (error: Error) => void } | undefined;
  let closing = false;
  let ended = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // As the poll's timer: the server's own handles keep the process alive, the thread alone must not
  // (a checkpoint cut short by the process's end leaves the WAL as it was, whole).
  worker.unref();
  return new Promise<CheckpointThread>((ready, failed) => {
    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      const error = new Error(reason);
      failed(error);
      waiting?.reject(error);
      waiting = undefined;
      if (!closing) died(reason);
    };
    worker.on('message', (answer: CheckpointAnswer) => {
      if ('ready' in answer) {
        ready({
          pass: () =>
            new Promise<CheckpointPass>((resolve, reject) => {
              if (ended) return reject(new Error('the checkpoint thread has ended'));
              waiting = { resolve, reject };
              worker.postMessage('checkpoint' satisfies CheckpointRequest);
            }),
          close: async () => {
            closing = true;
            // Waited for: the process stays alive until the thread has closed its connection.
            worker.ref();
            if (!ended) worker.postMessage('close' satisfies CheckpointRequest);
            await exited;
          },
        });
      } else if ('pass' in answer) {
        waiting?.resolve(answer.pass);
        waiting = undefined;
      } else {
        end(`the checkpoint failed: ${answer.error}`);
        void worker.terminate();
      }
    });
    worker.once('error', (error) => end(error.message));
    worker.once('exit', (code) => end(`the thread ended (code ${code})`));
  });
}

/**
 * SQLite's WAL checkpoints in a worker thread of their own, on a connection of their own, instead
 * of in the commit that crosses 1,000 pages on the server's connection (0059): there a checkpoint
 * copied the WAL into the database file and synced it on the event loop, holding every request
 * for up to 0.65 s while a job wrote. The WAL's state is read every POLL_MS; past CHECKPOINT_PAGES
 * not yet copied the thread runs a passive checkpoint beside the server's statements. The
 * thread starts when first needed (most test servers never write that much). When it cannot
 * start or dies, the connection checkpoints itself again as SQLite does by default, with a
 * message, so the WAL never grows without bound.
 */
export function checkpointInThread(conn: SQLite.Database, file: string, holdConnection: HoldConnection, options: WalCheckpointOptions = {}): WalCheckpoints {
  const shmFile = `${file}-shm`;
  conn.pragma('wal_autocheckpoint = 0');
  // No journal_size_limit, as before: SQLite would trim the WAL file in the commit that starts it
  // over, on the event loop (0.2-0.35 s after a 340 MB transaction, measured). The file keeps its
  // largest size, overwritten from its start, until the server closes and removes it.

  let stopped = false;
  let thread: Promise<CheckpointThread | undefined> | undefined;
  let running: Promise<void> | undefined;

  const fallBack = (reason: string) => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    conn.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT}`);
    console.error(`SQLite's WAL checkpoints run on the server's own thread again (${reason}): requests may wait while one runs.`);
    options.observe?.({ fallback: reason });
  };

  const ensureThread = (): Promise<CheckpointThread | undefined> => {
    thread ??= (async () => {
      try {
        return await openThread((options.startThread ?? defaultStart)({ file }), fallBack);
      } catch (error) {
        fallBack(`the checkpoint thread did not start: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    })();
    return thread;
  };

  /** The checkpoint the WAL's state calls for: none, one beside the statements, or one with them held. */
  const passFor = (wal: WalIndex): 'none' | 'beside' | 'held' => {
    const uncopied = wal.frames - wal.copied;
    // Everything copied: the next write starts the WAL over by itself.
    if (uncopied <= 0) return 'none';
    if (wal.frames > HOLD_PAGES && (uncopied <= HOLD_FOR_PAGES || wal.frames > HOLD_ANYWAY_PAGES)) return 'held';
    return wal.frames > HOLD_PAGES || uncopied > CHECKPOINT_PAGES ? 'beside' : 'none';
  };

  const checkpointIfGrown = async () => {
    for (let passes = 0; passes < PASSES_PER_POLL; passes += 1) {
      const wal = await readWalIndex(shmFile);
      if (stopped || !wal) return;
      const kind = passFor(wal);
      if (kind === 'none') return;
      const worker = await ensureThread();
      if (!worker || stopped) return;
      const held = kind === 'held';
      try {
        const pass = held ? await holdConnection(() => worker.pass()) : await worker.pass();
        options.observe?.({ pass, held });
      } catch {
        // The thread ended: fallBack has already run.
        return;
      }
      // A held checkpoint copied everything; one beside the statements may have frames behind it.
      if (held || wal.frames <= HOLD_PAGES) return;
    }
  };

  const timer = setInterval(() => {
    if (stopped || running) return;
    running = checkpointIfGrown().finally(() => (running = undefined));
  }, options.pollMs ?? POLL_MS);
  // The server's other handles keep the process alive; this one alone must not.
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      const started = await thread;
      await started?.close();
    },
  };
}
