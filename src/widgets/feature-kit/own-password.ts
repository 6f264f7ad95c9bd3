import { ApiError, RESOURCE, type Core, type ItemResponse, type TokenPair } from '../../core/index.js';
import { UserMessageError } from './server-message.js';

interface PasswordAnswer {
  /** The caller's new session, when the password changed was their own. */
  tokens?: unknown;
}

/** The server refused the current password (missing or wrong); the message says which. */
export class CurrentPasswordError extends UserMessageError {
  override name = 'CurrentPasswordError';
}

function currentPasswordMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.data as { errors?: Record<string, unknown> } | null)?.errors;
  return typeof errors?.current_password === 'string' ? errors.current_password : null;
}

const isTokenPair = (value: unknown): value is TokenPair =>
  value !== null && typeof value === 'object' && typeof (value as TokenPair).access === 'string' && typeof (value as TokenPair).refresh === 'string';

/**
 * Sets a user's password. The server ends every session of that user when the password
 * changes; when it is the caller's own account it needs the current password (unless the
 * session came from a recovery link moments ago) and answers with a new pair for this
 * session, which is kept so the user stays logged in here.
 */
export async function setUserPassword(core: Core, userId: number | string, password: string, currentPassword?: string): Promise<void> {
  const body = currentPassword === undefined ? { password } : { password, current_password: currentPassword };
  const res = await core.http.patch<ItemResponse<PasswordAnswer>>(`${RESOURCE.users}/${encodeURIComponent(String(userId))}`, body).catch((e: unknown) => {
    const message = currentPasswordMessage(e);
    throw message === null ? e : new CurrentPasswordError(message, { cause: e });
  });
  const pair = res.data?.data?.tokens;
  if (isOwnAccount(core, userId) && isTokenPair(pair)) core.session.replaceTokens(pair);
}

export function isOwnAccount(core: Core, userId: number | string): boolean {
  const own = core.session.claims.value?.ID;
  return own !== undefined && String(own) === String(userId);
}
