import { sql } from 'kysely';
import type { ImportMatchKey } from '../../../core/contract.js';
import { loose, type Db, type Row } from '../../db/database.js';
import { computedSelections } from '../../fields/index.js';
import type { Resource } from '../../resources/define.js';
import { withLinks } from '../../resources/records.js';
import { DUPLICATE_REASONS, MATCHES, type MemberDuplicate } from '../members/public.js';
import type { ParsedRow } from './kind.js';

/** Ids per IN list, and candidates per duplicate query: well under both engines' bound-parameter limits. */
const PER_QUERY = 500;

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** The fields the duplicate rule reads (same-person.ts), as a row's candidate for it. */
const PERSON_FIELDS = ['nif', 'email', 'name', 'birth_date'] as const;

interface MemberMatch {
  id: number;
  by: ImportMatchKey;
  existing: Row;
}

/** What a chunk of rows needs, read in a few queries: the member each row names, and who each looks like. */
export interface ChunkMatches {
  match: Map<ParsedRow, MemberMatch>;
  duplicates: Map<ParsedRow, MemberDuplicate[]>;
  /** Every member number the chunk's rows carry, with the member holding it (null: free). */
  numberHolders: [number, number | null][];
}

async function idsBy(db: Db, column: 'nif' | 'number' | 'email', values: readonly (string | number)[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const expression = column === 'email' ? sql<string>`lower(email)` : sql.ref(column);
  for (let i = 0; i < values.length; i += PER_QUERY) {
    const rows = await db
      .selectFrom('members')
      .select(['_id', expression.as('key')])
      .where(expression, 'in', values.slice(i, i + PER_QUERY) as never[])
      .orderBy('_id')
      .execute();
    for (const row of rows) if (!found.has(String(row.key))) found.set(String(row.key), Number(row._id));
  }
  return found;
}

/** The stored rows of these members, with their tags, as readRow reads one. */
async function readMembers(db: Db, resource: Resource, ids: readonly number[]): Promise<Map<number, Row>> {
  const rows: Row[] = [];
  for (let i = 0; i < ids.length; i += PER_QUERY) {
    rows.push(...(await loose(db).selectFrom(resource.name).selectAll().select(computedSelections(resource)).where('_id', 'in', ids.slice(i, i + PER_QUERY)).execute()));
  }
  return new Map((await withLinks(db, resource, rows)).map((row) => [Number(row._id), row]));
}

/**
 * Other members who look like each candidate, by the duplicate guard's own rule (same-person.ts's
 * MATCHES, NIF first), for a whole chunk in one query per reason rather than three per row. The
 * candidates are one VALUES list (both engines name its columns column1, column2…): as 500
 * SELECTs joined by UNION ALL, PostgreSQL spent about 0.6 s planning each query, and the check of
 * 100,000 rows ran for minutes (16-21 ms a query as VALUES, measured side by side).
 */
async function lookAlikes(db: Db, candidates: readonly { row: ParsedRow; self: number; person: Row }[]): Promise<Map<ParsedRow, MemberDuplicate[]>> {
  const found = new Map<ParsedRow, MemberDuplicate[]>();
  for (let i = 0; i < candidates.length; i += PER_QUERY) {
    const slice = candidates.slice(i, i + PER_QUERY);
    const values = sql.join(
      slice.map(({ self, person }, k) => {
        const [nif, email, name, birth] = PERSON_FIELDS.map((field) => text(person[field]));
        return sql`(CAST(${k} AS INTEGER), CAST(${self} AS INTEGER), CAST(${nif} AS VARCHAR(9)), CAST(${email} AS VARCHAR(254)), CAST(${name} AS VARCHAR(200)), CAST(${birth} AS VARCHAR(10)))`;
      }),
    );
    const table = sql`SELECT column1 AS k, column2 AS self, column3 AS nif, column4 AS email, column5 AS name, column6 AS birth_date FROM (VALUES ${values}) AS v`;
    for (const reason of DUPLICATE_REASONS) {
      const rows = await sql<{ k: number; _id: number; name: string; number: number }>`
        SELECT c.k, m._id, m.name, m.number FROM (${table}) c, members m
        WHERE m._id <> c.self AND ${sql.raw(MATCHES[reason]('c', 'm'))}
        ORDER BY c.k, m.number`.execute(db);
      for (const hit of rows.rows) {
        const { row } = slice[Number(hit.k)]!;
        found.set(row, [...(found.get(row) ?? []), { reason, id: Number(hit._id), number: Number(hit.number), name: hit.name }]);
      }
    }
  }
  return found;
}

/** Whether a row changes who the record says the person is (a new member always does): the guard's own test, without case. */
const touchesPerson = (body: Row, existing: Row | undefined) =>
  !existing || PERSON_FIELDS.some((field) => field in body && text(body[field])?.toLowerCase() !== text(existing[field])?.toLowerCase());

/**
 * The member each row of a chunk names (by NIF, then number, then e-mail whatever its case) and
 * the members each looks like. Read before any row of the chunk is written: rows of one file
 * never name each other's records, as a row repeating an earlier row's key is a duplicate.
 */
export async function chunkMatches(db: Db, resource: Resource, rows: readonly ParsedRow[]): Promise<ChunkMatches> {
  const values = (pick: (row: ParsedRow) => string | number | null) => [...new Set(rows.map(pick).filter((v): v is string | number => v !== null))];
  const nifOf = (row: ParsedRow) => text(row.body.nif);
  const numberOf = (row: ParsedRow) => (typeof row.body.number === 'number' ? row.body.number : null);
  const emailOf = (row: ParsedRow) => text(row.body.email)?.toLowerCase() ?? null;
  const byNif = await idsBy(db, 'nif', values(nifOf));
  const numbers = values(numberOf) as number[];
  const byNumber = await idsBy(db, 'number', numbers);
  const byEmail = await idsBy(db, 'email', values(emailOf));
  const found = new Map<ParsedRow, { id: number; by: ImportMatchKey }>();
  for (const row of rows) {
    const [nif, number, email] = [nifOf(row), numberOf(row), emailOf(row)];
    const hit =
      (nif !== null && byNif.has(nif) && { id: byNif.get(nif)!, by: 'nif' as const }) ||
      (number !== null && byNumber.has(String(number)) && { id: byNumber.get(String(number))!, by: 'number' as const }) ||
      (email !== null && byEmail.has(email) && { id: byEmail.get(email)!, by: 'email' as const });
    if (hit) found.set(row, hit);
  }
  const existing = await readMembers(db, resource, [...new Set([...found.values()].map((m) => m.id))]);
  const match = new Map([...found].map(([row, hit]) => [row, { ...hit, existing: existing.get(hit.id)! }]));
  const candidates = rows.flatMap((row) => {
    const member = match.get(row);
    if (!touchesPerson(row.body, member?.existing)) return [];
    const person = Object.fromEntries(PERSON_FIELDS.map((field) => [field, field in row.body ? row.body[field] : (member?.existing[field] ?? null)]));
    return [{ row, self: member?.id ?? 0, person }];
  });
  const numberHolders = numbers.map((number): [number, number | null] => [number, byNumber.get(String(number)) ?? null]);
  return { match, duplicates: await lookAlikes(db, candidates), numberHolders };
}
