import { AuditLogPage } from './audit.js';
import { ForgotPage, LoginPage, LogoutPage, RecoverPage } from './auth.js';
import { CARD_PAGES } from './cards.js';
import { COLLECTING_PAGES } from './collecting.js';
import { FEE_PAGES } from './fee-settings.js';
import { JobsPage } from './jobs.js';
import { MemberHomePage, MembersEditPage, MembersListPage, MembersNewPage } from './members.js';
import { MODULE_PAGES } from './modules.js';
import { PAYMENT_PAGES } from './payments.js';
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
import type { PageTable } from './types.js';

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
