import type { Db } from '../db/database.js';
import { HttpError } from '../errors.js';
import { issueCard } from '../modules/cards/public.js';

/** One member in this many has had their card reissued, so the demo shows superseded codes. */
const REISSUED_EVERY = 9;

/**
 * The demo organisation's cards, through the same rule as staff issuing them: every current
 * member with a paid quota period has one (members now in arrears included: their validity ends
 * where their payments stopped), and some have an older, superseded card. Runs after the dues.
 */
export async function seedDemoCards(db: Db, now: number): Promise<void> {
  const members = await db
    .selectFrom('members as m')
    .innerJoin('member_states as s', 's._id', 'm.state')
    .select('m._id')
    .where('s.marksEnd', '=', 0)
    .where('m.admission_date', 'is not', null)
    .where('m.fee_category', 'is not', null)
    .orderBy('m._id')
    .execute();
  for (const [index, { _id }] of members.entries()) {
    const member = Number(_id);
    try {
      await issueCard(db, { member, by: null, now });
      if (index % REISSUED_EVERY === 0) await issueCard(db, { member, by: null, now });
    } catch (error) {
      // Nothing paid yet: no card, as for a real newcomer.
      if (!(error instanceof HttpError && error.statusCode === 422)) throw error;
    }
  }
}
