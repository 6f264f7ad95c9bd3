import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Engine } from '../src/server/db/database.js';

/** A throwaway place for one engine's data (a directory; on PostgreSQL also a fresh schema), removed afterwards. */
export function prepareStorage(engine: Engine, databaseUrl: string | undefined, prefix = 'associa-bench-') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const schema = engine === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  return {
    dataDir,
    schema,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    },
  };
}
