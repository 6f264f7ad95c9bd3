import { ForgotPage, LoginPage, LogoutPage, RecoverPage } from './auth.js';
import { MembersEditPage } from './members.js';
import { lazyPages } from './lazy.js';
import type { PageTable } from './types.js';

// The domain pages come in their own chunks, loaded when first opened (see lazy.tsx); so do
// the users and settings pages, which no one opens first.
const { jobs: JobsPage } = lazyPages(async () => ({ jobs: (await import('./jobs.js')).JobsPage }), ['jobs']);
const CARD_PAGES = lazyPages(async () => (await import('./cards.js')).CARD_PAGES, [
  'membershipCardList',
  'membershipCardSingle',
  'membershipCardVerifyMultiple',
  'membershipCardLettersSingle',
]);
const COLLECTING_PAGES = lazyPages(async () => (await import('./collecting.js')).COLLECTING_PAGES, [
  'paymentsNotifyMultiple',
  'paymentReminders',
  'reminderStagesNew',
  'reminderStagesEdit',
  'directDebit',
  'sepaMandatesList',
  'sepaMandatesNew',
  'sepaMandatesEdit',
  'directDebitBatch',
  'paymentRequests',
  'reconciliation',
]);
const TREASURY_PAGES = lazyPages(async () => (await import('./treasury.js')).TREASURY_PAGES, ['treasuryDocList', 'treasuryDocsNew', 'treasuryDocsMultiple', 'treasuryDocsEdit']);
const PAYMENT_PAGES = lazyPages(async () => (await import('./payments.js')).PAYMENT_PAGES, [
  'PaymentsC',
  'paymentsList',
  'paymentsNew',
  'paymentsEdit',
  'unpaid',
  'unpaidByMember',
]);

/** The pages the host draws for routes whose client module declares none (redirects have none either). */
export const PAGES: PageTable = {
  login: LoginPage,
  forgot: ForgotPage,
  recover: RecoverPage,
  logout: LogoutPage,
  membersEdit: MembersEditPage,
  jobs: JobsPage,
  ...PAYMENT_PAGES,
  ...COLLECTING_PAGES,
  ...CARD_PAGES,
  ...TREASURY_PAGES,
};

export { ForbiddenPage, NotFoundPage } from './status-pages.js';
