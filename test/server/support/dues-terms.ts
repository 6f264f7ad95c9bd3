// The dues terms a test member is created with: every member has a fee category and an admission
// date, or is exempt from quotas (src/server/modules/members/dues-terms.ts: `dues_exempt: true`).
import { lisbonDay } from '../../../src/core/days.js';

/** A paying member in `fee_category`, admitted on the server's today (what a member without an admission date was charged from). */
export const admittedToday = (server: { ctx: { now(): number } }, fee_category: number) => ({ fee_category, admission_date: lisbonDay(server.ctx.now()) });
