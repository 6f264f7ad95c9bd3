import { isApiError, isSilentFailure } from '../../core/index.js';

/** The server's own pt-PT message (403, 409 ...) when it sent one, else `fallback`; null for silent failures. */
export function failureMessage(e: unknown, fallback: string): string | null {
  if (isSilentFailure(e)) return null;
  const cause = e instanceof Error && isApiError(e.cause) ? e.cause : e;
  if (isApiError(cause) && cause.data !== null && typeof cause.data === 'object' && 'message' in cause.data) {
    const message = cause.data.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
