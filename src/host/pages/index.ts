import { AuditLogPage } from './audit.js';
import { ForgotPage, LoginPage, LogoutPage, RecoverPage } from './auth.js';
import { MemberHomePage, MembersEditPage, MembersListPage, MembersNewPage } from './members.js';
import { MODULE_PAGES } from './modules.js';
import { CardVerifyPage, EmailVerificationPage, PaymentInfoPage } from './public.js';
import {
  ApiSecretEditPage,
  ApiSecretNewPage,
  ApplicationSettingsPage,
  CardSettingsPage,
  DevelopersPage,
  MemberSettingsPage,
  MessageSettingsPage,
  TreasurySettingsPage,
} from './settings.js';
import { UsersEditPage, UsersListPage, UsersNewPage, UsersPasswordPage } from './users.js';
import { lazyPages } from './lazy.js';
import type { PageTable } from './types.js';

// The domain pages come in their own chunks, loaded when first opened (see lazy.tsx).
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
]);
const FEE_PAGES = lazyPages(async () => (await import('./fee-settings.js')).FEE_PAGES, [
  'feeSettings',
  'feeCategoriesNew',
  'feeCategoriesEdit',
  'feeSchedulesNew',
  'feeSchedulesEdit',
]);
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
  memberSettings: MemberSettingsPage,
  memberApplicationSettings: ApplicationSettingsPage,
  applicationEmailVerification: EmailVerificationPage,
  membershipCardVerify: CardVerifyPage,
  membershipCardSettings: CardSettingsPage,
  unpaidSingle: PaymentInfoPage,
  userSettings: UsersListPage,
  usersNew: UsersNewPage,
  usersEdit: UsersEditPage,
  usersEditPassword: UsersPasswordPage,
  messageSettings: MessageSettingsPage,
  treasurySettings: TreasurySettingsPage,
  developers: DevelopersPage,
  apiSecretsNew: ApiSecretNewPage,
  apiSecretsEdit: ApiSecretEditPage,
  auditLog: AuditLogPage,
  jobs: JobsPage,
  ...MODULE_PAGES,
  ...FEE_PAGES,
  ...PAYMENT_PAGES,
  ...COLLECTING_PAGES,
  ...CARD_PAGES,
};

export { ForbiddenPage, NotFoundPage } from './status-pages.js';
