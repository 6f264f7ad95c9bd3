// A member saved by hand who looks like one already kept (same NIF, e-mail, or name and birth
// date): refused with a 409 naming them, unless staff confirm (`confirm_duplicate`).
import { sql } from 'kysely';
import type { Db, Row } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { DUPLICATE_REASONS, MATCHES, type DuplicateReason } from './same-person.js';

/** The write-only member of a save that says "yes, another record for this person". */
export const CONFIRM_DUPLICATE = 'confirm_duplicate';

/** Another member who looks like the same person. */
export interface MemberDuplicate {
  reason: DuplicateReason;
  id: number;
  number: number;
  name: string;
}

/** The fields the rule reads. */
const PERSON_FIELDS = ['nif', 'email', 'name', 'birth_date'] as const;
const LIMIT_PER_REASON = 10;

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** Members other than `except` who look like the person `candidate` describes, by reason (NIF first). */
async function membersLike(db: Db, candidate: Row, except?: number): Promise<MemberDuplicate[]> {
  const [nif, email, name, birth] = PERSON_FIELDS.map((field) => text(candidate[field]));
  const found: MemberDuplicate[] = [];
  for (const reason of DUPLICATE_REASONS) {
    const rows = await sql<{ _id: number; name: string; number: number }>`
      SELECT m._id, m.name, m.number
      FROM members m, (SELECT CAST(${nif} AS VARCHAR(9)) AS nif, CAST(${email} AS VARCHAR(254)) AS email,
        CAST(${name} AS VARCHAR(200)) AS name, CAST(${birth} AS VARCHAR(10)) AS birth_date) c
      WHERE m._id <> ${except ?? 0} AND ${sql.raw(MATCHES[reason]('c', 'm'))}
      ORDER BY m.number LIMIT ${LIMIT_PER_REASON}`.execute(db);
    for (const row of rows.rows) found.push({ reason, id: Number(row._id), number: Number(row.number), name: row.name });
  }
  return found;
}

function describe(first: MemberDuplicate, candidate: Row): string {
  const who = `do sócio n.º ${first.number}, ${first.name}`;
  switch (first.reason) {
    case 'nif':
      return `O NIF ${String(candidate.nif)} já é ${who}.`;
    case 'email':
      return `O e-mail ${String(candidate.email)} já é ${who}.`;
    case 'name_birth':
      return `Já existe um sócio com o mesmo nome e data de nascimento: n.º ${first.number}, ${first.name}.`;
  }
}

/** Whether this write changes who the record says the person is (a new record always does). */
function touchesPerson(values: Row, existing: Row | undefined): boolean {
  if (!existing) return true;
  return PERSON_FIELDS.some((field) => field in values && text(values[field])?.toLowerCase() !== text(existing[field])?.toLowerCase());
}

/**
 * Refuses (409 `probable_duplicate`) a create, or an edit of the NIF, e-mail, name or birth date,
 * that makes the record look like another member's, unless the save says `confirm_duplicate`.
 * The answer names the first of them and lists them all (`duplicates`) for links.
 * Removes the write-only flag from `values` either way.
 */
export async function guardDuplicates(db: Db, values: Row, existing: Row | undefined): Promise<void> {
  const confirmed = values[CONFIRM_DUPLICATE] === true || Number(values[CONFIRM_DUPLICATE]) === 1;
  delete values[CONFIRM_DUPLICATE];
  if (confirmed || !touchesPerson(values, existing)) return;
  const candidate = existing ? { ...existing, ...values } : values;
  const duplicates = await membersLike(db, candidate, existing ? Number(existing._id) : undefined);
  const [first] = duplicates;
  if (!first) return;
  const action = existing ? 'guardar' : 'criar';
  const message = `${describe(first, candidate)} Confirme se quer mesmo ${action} ${existing ? 'este' : 'outro'} sócio com estes dados.`;
  throw new HttpError(409, message, undefined, { code: 'probable_duplicate', duplicates, confirm: CONFIRM_DUPLICATE });
}
