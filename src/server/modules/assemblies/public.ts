// What other server code uses of the assemblies (the demo seed holds a past assembly and a
// convened one the way the module's own actions would): the notice, the convocation plan and its
// keys, the minutes' draft and final document, the law's rules and who votes. The layering test
// (scripts/layering.mjs) lets code outside the domain import this file only.
export { convocationKey } from './convocation/convene.js';
export { composeNotice, noticeSubject } from './convocation/notice-text.js';
export { convocationPlan, type PlannedConvocation } from './convocation/plan.js';
export type { Majority } from './items.js';
export { draftMinutesText } from './minutes/draft-text.js';
export { finalizeMinutes } from './minutes/finalize.js';
export { decide, lastNoticeDay, legalNoticeDays } from './rules.js';
export { votersOf } from './voting-rights.js';
