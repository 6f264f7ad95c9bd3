import type { Db, Row } from '../../../db/database.js';
import { readSetting } from '../../../settings/read.js';
import { votersOf } from '../voting-rights.js';

/** One associate the notice goes to, and how. */
export interface PlannedConvocation {
  member: number;
  number: number | null;
  name: string;
  channel: 'email' | 'post';
  /** The e-mail, or the address lines as the envelope's window shows them (one per line). */
  recipient: string;
  /** What a letter lacks (morada, código postal, localidade); empty for an e-mail or a full address. */
  missing: string[];
}

export interface ConvocationPlan {
  /** Every associate on the cut-off date, with or without a vote. */
  associates: number;
  planned: PlannedConvocation[];
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** Name, street, postal code and locality, and the country when abroad: as a window envelope shows them. */
function addressOf(person: Row): { lines: string[]; missing: string[] } {
  const missing = [...(text(person.address) ? [] : ['morada']), ...(text(person.postal_code) ? [] : ['código postal']), ...(text(person.locality) ? [] : ['localidade'])];
  const abroad = person.country_code && person.country_code !== 'PT' && text(person.country) ? [text(person.country)] : [];
  const lines = [text(person.name), text(person.address), `${text(person.postal_code)} ${text(person.locality)}`.trim(), ...abroad].filter((line) => line !== '');
  return { lines, missing };
}

/**
 * Who gets the notice (every associate with a vote on the cut-off date) and by which channel:
 * e-mail to those who have one unless the statutes ask for post, a letter to everyone else.
 * `assembly` carries the cut-off date the notice is judged on.
 */
export async function convocationPlan(db: Db, assembly: Row, now: number): Promise<ConvocationPlan> {
  const channel = await readSetting(db, 'assemblyChannel');
  const everyone = await votersOf(db, assembly, now);
  const voters = everyone.filter((voter) => voter.has_vote);
  const byPost = voters.filter((voter) => channel === 'post' || text(voter.email) === '').map((voter) => voter.member);
  const people = new Map<number, Row>();
  for (let i = 0; i < byPost.length; i += 500) {
    const rows = await db
      .selectFrom('members as m')
      .leftJoin('countries as c', 'c._id', 'm.country')
      .select(['m._id', 'm.name', 'm.address', 'm.postal_code', 'm.locality', 'c.name as country', 'c.code as country_code'])
      .where('m._id', 'in', byPost.slice(i, i + 500))
      .execute();
    for (const row of rows) people.set(Number(row._id), row);
  }
  const planned = voters.map((voter): PlannedConvocation => {
    const person = people.get(voter.member);
    const base = { member: voter.member, number: voter.number ?? null, name: voter.name };
    if (!person) return { ...base, channel: 'email', recipient: text(voter.email), missing: [] };
    const { lines, missing } = addressOf(person);
    return { ...base, channel: 'post', recipient: lines.join('\n'), missing };
  });
  return { associates: everyone.length, planned };
}

const list = (items: readonly string[]) => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} e ${items.at(-1)!}`);

/** Why the letters cannot go (up to five associates named, with what each lacks), or null. */
export function missingAddressProblem(planned: readonly PlannedConvocation[]): string | null {
  const lacking = planned.filter((row) => row.missing.length > 0);
  if (lacking.length === 0) return null;
  const named = lacking.slice(0, 5).map((row) => `${row.name}${row.number === null ? '' : ` (n.º ${row.number})`}: falta ${list(row.missing)}`);
  const more = lacking.length > 5 ? `; e mais ${lacking.length - 5}` : '';
  return `Não é possível convocar por carta sem a morada completa. ${named.join('; ')}${more}. Complete a morada ou indique um e-mail e volte a convocar.`;
}
