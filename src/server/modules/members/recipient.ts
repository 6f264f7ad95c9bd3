import type { Db } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';
import { isMinorOn } from '../../../core/field-checks.js';
import { lisbonDay } from '../../../core/days.js';

/** Where a message about a member goes: the member, or for a minor with a guardian's e-mail, the guardian. */
export interface MessageRecipient {
  member: number;
  /** null: nowhere to send it (no e-mail on record). */
  email: string | null;
  /** The name the message greets. */
  name: string;
  /** True when the address is the guardian's (the member is a minor). */
  guardian: boolean;
}

interface RecipientRow {
  _id: number;
  name: string;
  email: string | null;
  birth_date: string | null;
  guardian_name: string | null;
  guardian_email: string | null;
}

/**
 * The rule of who receives a member's messages (reminders, payment links, receipts, bulk
 * messages): a member under the minor age (the setting applicationMinorAge) whose guardian has an
 * e-mail is written to through the guardian; everyone else through their own e-mail.
 */
export async function messageRecipients(db: Db, members: readonly number[], now: number): Promise<Map<number, MessageRecipient>> {
  const found = new Map<number, MessageRecipient>();
  if (members.length === 0) return found;
  const minorAge = await readSetting(db, 'applicationMinorAge');
  const today = lisbonDay(now);
  // In slices: PostgreSQL and SQLite both cap the parameters of one statement.
  for (let start = 0; start < members.length; start += 5000) {
    const rows = (await db
      .selectFrom('members')
      .select(['_id', 'name', 'email', 'birth_date', 'guardian_name', 'guardian_email'])
      .where('_id', 'in', members.slice(start, start + 5000))
      .execute()) as unknown as RecipientRow[];
    for (const row of rows) found.set(Number(row._id), recipientOf(row, today, minorAge));
  }
  return found;
}

export async function messageRecipient(db: Db, member: number, now: number): Promise<MessageRecipient | null> {
  return (await messageRecipients(db, [member], now)).get(member) ?? null;
}

function recipientOf(row: RecipientRow, today: string, minorAge: number): MessageRecipient {
  const minor = row.birth_date !== null && isMinorOn(String(row.birth_date), today, minorAge);
  if (minor && row.guardian_email) return { member: Number(row._id), email: row.guardian_email, name: row.guardian_name || row.name, guardian: true };
  return { member: Number(row._id), email: row.email || null, name: row.name, guardian: false };
}
