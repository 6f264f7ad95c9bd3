import { ForgotPage, LoginPage, LogoutPage, RecoverPage } from './auth.js';
import type { PageTable } from './types.js';

/** The pages the host draws itself, around the login elements (every other route's page is its client module's). */
export const PAGES: PageTable = {
  login: LoginPage,
  forgot: ForgotPage,
  recover: RecoverPage,
  logout: LogoutPage,
};

export { ForbiddenPage, NotFoundPage } from './status-pages.js';
