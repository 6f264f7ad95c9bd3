// Back-office addresses the feature elements link or navigate to (SPEC 2): the paths that do
// not follow the terminology. The host builds its route table from these same paths
// (src/host/routes.ts), so every address an element names is one of its routes.
import { isStaffRole } from '../../core/index.js';

const USERS = '/utilizadores';
const API_SECRETS = '/apiSecrets';

export const PATHS = {
  login: '/autorizacao/entrar',
  forgot: '/autorizacao/loginporlink',
  memberHome: '/dashboard',
  adminHome: '/adminHome',
  users: USERS,
  developers: '/developers',
  apiSecrets: API_SECRETS,
  apiSecretNew: `${API_SECRETS}/new`,
} as const;

export const userEditPath = (id: number | string) => `${PATHS.users}/${encodeURIComponent(String(id))}`;
export const apiSecretPath = (id: number | string) => `${PATHS.apiSecrets}/${encodeURIComponent(String(id))}`;

/** Where a user lands after logging in: staff on the member list (via /adminHome), anyone else on /dashboard. */
export function homePath(role: string | null | undefined): string {
  return isStaffRole(role) ? PATHS.adminHome : PATHS.memberHome;
}

/**
 * The href of a back-office path. An element embedded on another site talks to an absolute
 * API base; its links must then point at that server, not at the embedding site.
 */
export function appHref(api: string | undefined, path: string): string {
  if (!api || !/^https?:\/\//i.test(api)) return path;
  return new URL(path, api).toString();
}
