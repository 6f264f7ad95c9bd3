import type { Core, ItemResponse } from '../../core/index.js';

interface UserRecord {
  username?: unknown;
}

/**
 * Sets a user's password. The server ends every session of that user when the password
 * changes (its refresh tokens are revoked); when it is the caller's own account, logging in
 * again with the new password keeps this session alive past the access token's life.
 */
export async function setUserPassword(core: Core, userId: number | string, password: string): Promise<void> {
  const res = await core.http.patch<ItemResponse<UserRecord>>(`users/${encodeURIComponent(String(userId))}`, { password });
  const own = core.session.claims.value?.ID;
  if (own === undefined || String(own) !== String(userId)) return;
  const username = typeof res.data?.data?.username === 'string' ? res.data.data.username : (await ownUsername(core));
  if (username) await core.session.login(username, password).catch(() => undefined);
}

async function ownUsername(core: Core): Promise<string | null> {
  const user = core.session.user.value ?? (await core.session.loadUser().catch(() => null));
  return user?.username ?? null;
}
