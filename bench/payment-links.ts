import type { Database } from '../src/server/db/database.js';
import { issuePaymentLink } from '../src/server/modules/payment-links/public.js';
import { timeOneByOne, type OneByOneTimes } from './measure.js';

/** Under the public routes' per-address limit (120 a minute), so no answer is a 429. */
export const TOKEN_PAGE_LOADS = 100;

/** One payment link per member (the first `count` who owe), as reminders would issue them. */
export async function issueBenchLinks(database: Database, owing: readonly number[], count: number): Promise<string[]> {
  const paths: string[] = [];
  for (const member of owing.slice(0, count)) {
    const path = await issuePaymentLink(database.db, { member, purpose: `bench:${member}`, now: Date.now() });
    if (path) paths.push(path);
  }
  return paths;
}

/**
 * Loads the payment-information answer of each link once, one after another (a member opening
 * the page from a message): the public routes are rate-limited per address, so this is latency
 * at rest rather than load.
 */
export const timeTokenPages = (url: string, paths: readonly string[]): Promise<OneByOneTimes> =>
  timeOneByOne(paths.map((path) => `${url}/api/payment_info/${encodeURIComponent(path.split('/').pop()!)}`));
