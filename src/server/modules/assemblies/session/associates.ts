import type { Db, Row } from '../../../db/database.js';
import { votersOf } from '../voting-rights.js';
import { whyNotAssociate } from './not-associate.js';
import { refused } from './who.js';

export interface Associate {
  member: number;
  name: string;
  number: number | null;
  has_vote: boolean;
  /** Why they have no vote, in pt-PT. */
  reason: string | null;
}

/**
 * The associate `member` is at this assembly (who may vote judged on its cut-off date), or a 422
 * on `field` naming why they are no associate (they left, or were admitted after the cut-off).
 */
export async function associateOf(db: Db, assembly: Row, now: number, member: number, field = 'member'): Promise<Associate> {
  const voters = await votersOf(db, assembly, now);
  const found = voters.find((voter) => Number(voter.member) === member);
  if (!found) throw refused(field, await whyNotAssociate(db, member, String(assembly.cutoff_date ?? assembly.date)));
  return { member, name: found.name, number: found.number ?? null, has_vote: Boolean(found.has_vote), reason: found.reason ?? null };
}
