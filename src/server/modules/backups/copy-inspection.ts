import SQLite from 'better-sqlite3';
import { registerFold } from '../../db/fold.js';

// Synchronous reads of a copied SQLite database: run in a worker thread (sqlite-inspect.ts),
// never on the server's event loop, where at 100,000 members they held every request for minutes.

/** What a copied SQLite database holds: its tables' row counts and the migrations applied to it. */
export interface CopiedDatabase {
  tables: Record<string, number>;
  migrations: string[];
  /** pt-PT: what `PRAGMA integrity_check` found, or null when it says ok. */
  problem: string | null;
}

/** A copy opened with the fold function its indexes on folded text compute. */
function openCopy(file: string): SQLite.Database {
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  registerFold(conn);
  return conn;
}

/** The storage keys the copy's `files` table names, in key order: the files this backup holds (stored-files.ts). */
export function copiedStoredKeys(file: string): string[] {
  const conn = openCopy(file);
  try {
    const hasFiles = conn.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'files'").get() !== undefined;
    return hasFiles ? (conn.prepare('SELECT storage_key FROM files ORDER BY storage_key').pluck().all() as string[]) : [];
  } finally {
    conn.close();
  }
}

/** Opens a copied database read-only and reads what the manifest says about it. */
export function readCopiedDatabase(file: string, withIntegrityCheck: boolean): CopiedDatabase {
  // Indexes on folded text are checked by computing it again.
  const conn = openCopy(file);
  try {
    let problem: string | null = null;
    if (withIntegrityCheck) {
      const found = (conn.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
      if (found.length !== 1 || found[0] !== 'ok') problem = `A verificação da base de dados copiada encontrou erros: ${found.slice(0, 3).join('; ')}.`;
    }
    // Virtual tables (a search index) are left out: their rows are those of their shadow tables, counted as tables.
    const names = (conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    const tables: Record<string, number> = {};
    for (const name of names) tables[name] = Number((conn.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n);
    const migrations = names.includes('schema_migrations')
      ? (conn.prepare('SELECT name FROM schema_migrations ORDER BY applied_at, name').all() as { name: string }[]).map((row) => row.name)
      : [];
    return { tables, migrations, problem };
  } finally {
    conn.close();
  }
}
