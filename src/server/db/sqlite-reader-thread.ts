import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { registerFold } from './fold.js';

/** What the reader thread is started with: the server's database file and its page cache. */
export interface ReaderThreadInput {
  file: string;
  cacheKib: number;
}

/** A statement to read: its text and parameters, as Kysely compiled them; or the end. */
export type ReaderRequest = { id: number; sql: string; parameters: readonly unknown[] } | 'close';

/** The thread's answers: ready once its connection is open, then one per statement, its rows as arrays. */
export type ReaderAnswer = { ready: true } | { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: string };

const STATEMENT_CACHE_SIZE = 200;

const { file, cacheKib } = workerData as ReaderThreadInput;
const port = parentPort!;
// A connection of its own, read only: in WAL mode it reads beside the server's connection, each
// statement the last committed state (no transaction is ever opened here).
const conn = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 5000 });
conn.pragma(`cache_size = -${cacheKib}`);
registerFold(conn);
const statements = new Map<string, SQLite.Statement>();

function prepared(text: string): SQLite.Statement {
  let statement = statements.get(text);
  if (statement) return statement;
  statement = conn.prepare(text);
  if (!statement.reader) throw new Error('the reader thread runs reading statements only');
  statement.raw(true);
  if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
  statements.set(text, statement);
  return statement;
}

port.postMessage({ ready: true } satisfies ReaderAnswer);
port.on('message', (request: ReaderRequest) => {
  if (request === 'close') {
    conn.close();
    port.close();
    return;
  }
  let answer: ReaderAnswer;
  try {
    const statement = prepared(request.sql);
    const rows = statement.all(...request.parameters) as unknown[][];
    answer = { id: request.id, columns: statement.columns().map((column) => column.name), rows };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
