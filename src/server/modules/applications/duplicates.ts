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
  /** What staff compare with the applicant's own, side by side. */
  email: string | null;
  nif: string | null;
  birth_date: string | null;
  phone: string | null;
  locality: string | null;
}

/** The compared columns of a member or application row `alias`. */
const COMPARED = (alias: string) => sql.raw(['email', 'nif', 'birth_date', 'phone', 'locality'].map((c) => `${alias}.${c}`).join(', '));

interface Compared {
  email: string | null;
  nif: string | null;
  birth_date: string | null;
  phone: string | null;
  locality: string | null;
}

const compared = (row: Compared): Compared => ({ email: row.email ?? null, nif: row.nif ?? null, birth_date: row.birth_date ?? null, phone: row.phone ?? null, locality: row.locality ?? null });

const LIMIT_PER_KIND = 20;

/** Members and other applications that look like the same person as application `id`, by reason. */
export async function duplicatesOf(db: Db, id: number): Promise<Duplicate[]> {
  const found: Duplicate[] = [];
  for (const reason of DUPLICATE_REASONS) {
    const members = await sql<{ _id: number; name: string; number: number } & Compared>`
      SELECT m._id, m.name, m.number, ${COMPARED('m')} FROM members m, member_applications a
      WHERE a._id = ${id} AND ${sql.raw(notItsMember('a', 'm'))} AND ${sql.raw(MATCHES[reason]('a', 'm'))} ORDER BY m.number LIMIT ${LIMIT_PER_KIND}`.execute(db);
    for (const row of members.rows) found.push({ reason, source: 'member', id: Number(row._id), name: row.name, number: Number(row.number), ...compared(row) });
    const others = await sql<{ _id: number; name: string; state: string } & Compared>`
      SELECT o._id, o.name, o.state, ${COMPARED('o')} FROM member_applications o, member_applications a
      WHERE a._id = ${id} AND o._id <> a._id AND ${sql.raw(MATCHES[reason]('a', 'o'))} ORDER BY o._id LIMIT ${LIMIT_PER_KIND}`.execute(db);
    for (const row of others.rows) found.push({ reason, source: 'application', id: Number(row._id), name: row.name, state: row.state, ...compared(row) });
  }
  return found;
}
