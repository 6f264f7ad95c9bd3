import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** What the server's thread is started with: its database file. */
export interface CheckpointThreadInput {
  file: string;
}

/** A message to the thread: run a checkpoint, or close the connection and end. */
export type CheckpointRequest = 'checkpoint' | 'close';

/** SQLite's answer to a passive checkpoint (frames in the WAL, frames now in the database file) and how long it took. */
export interface CheckpointPass {
  /** 1 when another checkpoint held SQLite's checkpoint lock and nothing was done. */
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames of the WAL now written into the database file (all of them: `checkpointed === log`). */
  checkpointed: number;
  ms: number;
}

/** What the thread posts: ready once its connection is open, then one answer per checkpoint asked. */
export type CheckpointAnswer = { ready: true } | { pass: CheckpointPass } | { error: string };

const { file } = workerData as CheckpointThreadInput;
const port = parentPort!;
// Its own connection to the server's database: a checkpoint copies the WAL's frames into the
// file and syncs it, the slow part of a commit that crossed the threshold, now off the main thread.
// No busy timeout: a passive checkpoint never waits for the server's connection.
const conn = new SQLite(file, { timeout: 0, fileMustExist: true });
port.postMessage({ ready: true } satisfies CheckpointAnswer);
port.on('message', (request: CheckpointRequest) => {
  if (request === 'close') {
    conn.close();
    port.close();
    return;
  }
  const started = performance.now();
  let answer: CheckpointAnswer;
  try {
    const [row] = conn.pragma('wal_checkpoint(PASSIVE)') as Omit<CheckpointPass, 'ms'>[];
    answer = { pass: { ...row!, ms: performance.now() - started } };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
