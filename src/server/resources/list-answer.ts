import type { ListMeta } from '../../core/contract.js';
import type { Caller } from '../auth/caller.js';
import type { Database } from '../db/database.js';
import type { ChangeCache } from './change-cache.js';
import type { Resource } from './define.js';
import type { ListParams } from './list-params.js';
import { listRows } from './list-query.js';
import type { RowScope } from './permissions.js';
import { RECORD_JSON, recordJson as recordJsonOf } from './record-json.js';
import { toRecord, withLinks } from './records.js';

/**
 * A list page as the UTF-8 JSON `caller` receives: `{ data, meta }`. The database writes each
 * record's JSON (record-json.ts), the same answer toRecord's would be, without a row object or a
 * conversion per value; rows are converted here only for a resource too wide for SQLite's JSON.
 */
export async function listAnswer(
  database: Database,
  resource: Resource,
  params: ListParams,
  caller: Caller,
  scope?: RowScope,
  largeTotals?: ChangeCache<number>,
): Promise<Buffer> {
  const recordJson = recordJsonOf(database, resource, caller);
  const { rows, total, exact, next } = await listRows(database, resource, params, scope, largeTotals, recordJson);
  const meta: ListMeta = { total, ...(exact ? {} : { exact: false }), ...(next ? { next } : {}) };
  if (!recordJson) {
    const data = (await withLinks(database.db, resource, rows)).map((r) => toRecord(resource, r, caller));
    return Buffer.from(JSON.stringify({ data, meta }));
  }
  // As bytes at once: sent as a string, it would be measured for its length and encoded again.
  return Buffer.from(`{"data":[${rows.map((r) => r[RECORD_JSON] as string).join(',')}],"meta":${JSON.stringify(meta)}}`);
}
