import { ApiError } from '../../core/index.js';
import { FEATURE_TEXTS } from './texts.js';

/** A failure raised in the browser whose message is already the pt-PT words for the user. */
export class UserMessageError extends Error {
  override name = 'UserMessageError';
}

/** The pt-PT `message` the server put in an error answer, if any. */
export function serverMessage(error: unknown): string | null {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  if (!(cause instanceof ApiError)) return null;
  const data = cause.data as { message?: unknown } | null;
  return data && typeof data === 'object' && typeof data.message === 'string' && data.message ? data.message : null;
}

export function statusOf(error: unknown): number | null {
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  return cause instanceof ApiError ? cause.status : null;
}

/**
 * What to tell the user about a failed request: the server's own message when it sent one,
 * otherwise a message for the kind of failure.
 */
export function describeFailure(error: unknown, fallback: string = FEATURE_TEXTS.unexpected): string {
  if (error instanceof UserMessageError) return error.message;
  const message = serverMessage(error);
  if (message) return message;
  const cause = error instanceof Error && error.cause instanceof ApiError ? error.cause : error;
  if (cause instanceof ApiError && cause.kind === 'network') return FEATURE_TEXTS.unreachable;
  if (cause instanceof ApiError && cause.status === 429) return FEATURE_TEXTS.tooMany;
  if (cause instanceof ApiError && cause.status === 403) return FEATURE_TEXTS.forbidden;
  return fallback;
}
