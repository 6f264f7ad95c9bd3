// Back-office addresses the feature elements link or navigate to (SPEC 2). The host owns the
// route table; these are the fixed paths it is required to have.
import { STAFF_ROLES, type Role } from '../../core/index.js';

export const PATHS = {
  login: '/autorizacao/entrar',
  forgot: '/autorizacao/loginporlink',
  memberHome: '/dashboard',
  adminHome: '/adminHome',
  developers: '/developers',
  apiSecretNew: '/apiSecrets/new',
  apiDocs: '/api/openapi.json',
} as const;

export const userEditPath = (id: number | string) => `/utilizadores/${encodeURIComponent(String(id))}`;
export const apiSecretPath = (id: number | string) => `/apiSecrets/${encodeURIComponent(String(id))}`;

export function isStaff(role: string | null | undefined): boolean {
  return STAFF_ROLES.includes(role as Role);
}

/** Where a user lands after logging in: staff on the member list (via /adminHome), anyone else on /dashboard. */
export function homePath(role: string | null | undefined): string {
  return isStaff(role) ? PATHS.adminHome : PATHS.memberHome;
}

/**
 * The href of a back-office path. An element embedded on another site talks to an absolute
 * API base; its links must then point at that server, not at the embedding site.
 */
export function appHref(api: string | undefined, path: string): string {
  if (!api || !/^https?:\/\//i.test(api)) return path;
  return new URL(path, api).toString();
}
