import type { Database } from '../src/server/db/database.js';
import { issuePaymentLink } from '../src/server/modules/payment-links/index.js';

/** Under the public routes' per-address limit (120 a minute), so no answer is a 429. */
export const TOKEN_PAGE_LOADS = 100;

export interface TokenPageTimes {
  p50: number;
  p95: number;
  loads: number;
}

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
 * at rest rather than load; p50 and p95 over the loads.
 */
export async function timeTokenPages(url: string, paths: readonly string[]): Promise<TokenPageTimes> {
  const latencies: number[] = [];
  for (const path of paths) {
    const token = path.split('/').pop()!;
    const started = performance.now();
    const response = await fetch(`${url}/api/payment_info/${encodeURIComponent(token)}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!response.ok) throw new Error(`payment_info: ${response.status}`);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), loads: sorted.length };
}
