import type { Caller } from '../../auth/caller.js';
import type { Db } from '../../db/database.js';
import { sql } from 'kysely';
import { badRequest, notFound } from '../../errors.js';
import { authorize, type Permission } from '../../resources/permissions.js';
import { treasuryDocs } from './resources.js';

/** Above this many documents a download is made by a background job. */
export const DOWNLOAD_INLINE_MAX = 200;
export const DOWNLOAD_MAX = 100_000;
const CHUNK = 500;

/** `ids` of a request body: a non-empty list of distinct positive integers (pt-PT 400 otherwise). */
export function idsOf(body: unknown, max = DOWNLOAD_MAX): number[] {
  const raw = typeof body === 'object' && body !== null ? (body as { ids?: unknown }).ids : undefined;
  if (!Array.isArray(raw) || raw.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
    throw badRequest('Indique os documentos em "ids", uma lista de identificadores.');
  }
  if (raw.length === 0) throw badRequest('Escolha pelo menos um documento.');
  if (raw.length > max) throw badRequest(`Escolha no máximo ${max.toLocaleString('pt-PT')} documentos de cada vez.`);
  return [...new Set(raw as number[])].sort((a, b) => a - b);
}

/**
 * Checks that the caller may see every document named: a 404 that does not say which one is
 * missing or someone else's when any is (a member never learns that another's receipt exists).
 */
export async function visibleIds(db: Db, caller: Caller, ids: readonly number[]): Promise<Permission> {
  const granted = authorize(treasuryDocs, caller, 'list');
  let found = 0;
  for (let start = 0; start < ids.length; start += CHUNK) {
    let query = db.selectFrom('treasury_docs').select((eb) => eb.fn.countAll<number>().as('n')).where('_id', 'in', ids.slice(start, start + CHUNK));
    if (typeof granted === 'object') query = query.where(sql.ref(granted.column), '=', granted.value);
    found += (await query.executeTakeFirstOrThrow()).n;
  }
  if (found !== ids.length) throw notFound('Documento não encontrado: algum dos documentos escolhidos não existe ou não o pode ver.');
  return granted;
}
