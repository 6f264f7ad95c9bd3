import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { DUPLICATE_REASONS, MATCHES, notItsMember, type DuplicateReason } from './duplicates-sql.js';

export interface Duplicate {
  reason: DuplicateReason;
  source: 'member' | 'application';
  id: number;
  name: string;
  number?: number;
  state?: string;
}

const LIMIT_PER_KIND = 20;

/** Members and other applications that look like the same person as application `id`, by reason. */
export async function duplicatesOf(db: Db, id: number): Promise<Duplicate[]> {
  const found: Duplicate[] = [];
  for (const reason of DUPLICATE_REASONS) {
    const members = await sql<{ _id: number; name: string; number: number }>`
      SELECT m._id, m.name, m.number FROM members m, member_applications a
      WHERE a._id = ${id} AND ${sql.raw(notItsMember('a', 'm'))} AND ${sql.raw(MATCHES[reason]('a', 'm'))} ORDER BY m.number LIMIT ${LIMIT_PER_KIND}`.execute(db);
    for (const row of members.rows) found.push({ reason, source: 'member', id: Number(row._id), name: row.name, number: Number(row.number) });
    const others = await sql<{ _id: number; name: string; state: string }>`
      SELECT o._id, o.name, o.state FROM member_applications o, member_applications a
      WHERE a._id = ${id} AND o._id <> a._id AND ${sql.raw(MATCHES[reason]('a', 'o'))} ORDER BY o._id LIMIT ${LIMIT_PER_KIND}`.execute(db);
    for (const row of others.rows) found.push({ reason, source: 'application', id: Number(row._id), name: row.name, state: row.state });
  }
  return found;
}
