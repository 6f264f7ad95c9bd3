import { AuditLogPage } from './audit.js';
import { ForgotPage, LoginPage, LogoutPage, RecoverPage } from './auth.js';
import { MemberHomePage, MembersEditPage, MembersListPage, MembersNewPage } from './members.js';
import { MODULE_PAGES } from './modules.js';
import { CardVerifyPage, EmailVerificationPage, PaymentInfoPage } from './public.js';
import { lazyPages } from './lazy.js';
import type { PageTable } from './types.js';

// The domain pages come in their own chunks, loaded when first opened (see lazy.tsx); so do
// the users and settings pages, which no one opens first.
const SETTINGS_PAGES = lazyPages(async () => {
  const settings = await import('./settings.js');
  return {
    memberSettings: settings.MemberSettingsPage,
    memberApplicationSettings: settings.ApplicationSettingsPage,
    membershipCardSettings: settings.CardSettingsPage,
    messageSettings: settings.MessageSettingsPage,
    treasurySettings: settings.TreasurySettingsPage,
    developers: settings.DevelopersPage,
    apiSecretsNew: settings.ApiSecretNewPage,
    apiSecretsEdit: settings.ApiSecretEditPage,
  };
}, ['memberSettings', 'memberApplicationSettings', 'membershipCardSettings', 'messageSettings', 'treasurySettings', 'developers', 'apiSecretsNew', 'apiSecretsEdit']);
const USER_PAGES = lazyPages(async () => {
  const users = await import('./users.js');
  return { userSettings: users.UsersListPage, usersNew: users.UsersNewPage, usersEdit: users.UsersEditPage, usersEditPassword: users.UsersPasswordPage };
}, ['userSettings', 'usersNew', 'usersEdit', 'usersEditPassword']);
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
const FEE_PAGES = lazyPages(async () => (await import('./fee-settings.js')).FEE_PAGES, [
  'feeSettings',
  'feeCategoriesNew',
  'feeCategoriesEdit',
  'feeSchedulesNew',
  'feeSchedulesEdit',
]);
const APPLICATION_PAGES = lazyPages(async () => (await import('./applications.js')).APPLICATION_PAGES, ['memberApplicationsList', 'memberApplicationsNew', 'memberApplicationsEdit']);
const TREASURY_PAGES = lazyPages(async () => (await import('./treasury.js')).TREASURY_PAGES, ['treasuryDocList', 'treasuryDocsNew', 'treasuryDocsMultiple', 'treasuryDocsEdit']);
const PAYMENT_PAGES = lazyPages(async () => (await import('./payments.js')).PAYMENT_PAGES, [
  'PaymentsC',
  'paymentsList',
  'paymentsNew',
  'paymentsEdit',
  'unpaid',
  'unpaidByMember',
]);

/** Which page each route shows (redirecting routes have none). */
export const PAGES: PageTable = {
  login: LoginPage,
  forgot: ForgotPage,
  recover: RecoverPage,
  logout: LogoutPage,
  memberHome: MemberHomePage,
  membersList: MembersListPage,
  membersNew: MembersNewPage,
  membersEdit: MembersEditPage,
  applicationEmailVerification: EmailVerificationPage,
  membershipCardVerify: CardVerifyPage,
  unpaidSingle: PaymentInfoPage,
  ...USER_PAGES,
  ...SETTINGS_PAGES,
  auditLog: AuditLogPage,
  jobs: JobsPage,
  ...MODULE_PAGES,
  ...APPLICATION_PAGES,
  ...FEE_PAGES,
  ...PAYMENT_PAGES,
  ...COLLECTING_PAGES,
  ...CARD_PAGES,
  ...TREASURY_PAGES,
};

export { ForbiddenPage, NotFoundPage } from './status-pages.js';
