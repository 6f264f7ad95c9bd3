import type { Db, Row } from '../../../db/database.js';
import { loose } from '../../../db/database.js';
import { isColumn, type Resource } from '../../../resources/define.js';

/** What an erased member's name becomes everywhere it is not a fiscal document. */
export const ERASED_NAME = 'Titular apagado';

/**
 * The member fields an erasure keeps: what the ledger, the fiscal documents and the reports read
 * (the number the receipts name, the membership's state and dates, the fee terms). Every other
 * column of the members resource is personal data and is cleared, the name replaced by
 * ERASED_NAME: a field added later (a household, a guardian) is erased without a list to extend.
 */
const KEPT_MEMBER_FIELDS: ReadonlySet<string> = new Set(['number', 'state', 'admission_date', 'left_on', 'erased_at', 'fee_category', 'dues_exempt']);

/** Which tables and columns this server has (the consent register, households, guardians' contacts come with other parts). */
export interface Schema {
  resource(name: string): Resource | undefined;
  has(table: string, column: string): boolean;
}

export function schemaOf(resources: readonly Resource[]): Schema {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return {
    resource: (name) => byName.get(name),
    has: (table, column) => {
      const field = byName.get(table)?.field(column);
      return field !== undefined && isColumn(field);
    },
  };
}

/** The member's columns an erasure clears (all but KEPT_MEMBER_FIELDS and the record's own). */
export function erasedMemberColumns(schema: Schema): string[] {
  const members = schema.resource('members');
  if (!members) return [];
  return members.fields.filter((f) => isColumn(f) && !f.readOnly && !f.name.startsWith('_') && !KEPT_MEMBER_FIELDS.has(f.name)).map((f) => f.name);
}

/** The member to erase and the rows that hold their personal data elsewhere, read once. */
export interface ErasureTarget {
  id: number;
  member: Row;
  number: number;
  name: string;
  /** Their e-mail and their guardian's (when no other member's guardian uses it): the messages sent to them. */
  addresses: string[];
  users: { _id: number; username: string; email: string | null }[];
  applications: number[];
  /** Their data-subject requests (and the one an erasure answers): the register keeps them, under no name. */
  requests: number[];
}

const lower = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null);

export async function readTarget(db: Db, id: number): Promise<ErasureTarget | undefined> {
  const member = await loose(db).selectFrom('members').selectAll().where('_id', '=', id).executeTakeFirst();
  if (!member) return undefined;
  const addresses = new Set<string>();
  const own = lower(member.email);
  if (own) addresses.add(own);
  const guardian = lower(member.guardian_email);
  if (guardian && guardian !== own) {
    // A parent guarding two children keeps receiving the other's messages: their trail stays.
    const other = await db.selectFrom('members').select('_id').where('_id', '<>', id).where('guardian_email', '=', String(member.guardian_email)).limit(1).executeTakeFirst();
    if (!other) addresses.add(guardian);
  }
  const users = await db.selectFrom('users').select(['_id', 'username', 'email']).where('member', '=', id).execute();
  const applications = await db.selectFrom('member_applications').select('_id').where('member', '=', id).execute();
  const requests = await db.selectFrom('data_subject_requests').select('_id').where('member', '=', id).execute();
  return {
    id,
    member,
    number: Number(member.number),
    name: String(member.name),
    addresses: [...addresses],
    users: users.map((u) => ({ _id: Number(u._id), username: String(u.username), email: u.email ?? null })),
    applications: applications.map((a) => Number(a._id)),
    requests: requests.map((r) => Number(r._id)),
  };
}
