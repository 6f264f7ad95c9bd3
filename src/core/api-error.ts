/**
 * Why a request failed. The kinds decide the spec's behaviour (SPEC 8):
 * 'network' marks the server unreachable, 'timeout' and 'aborted' are ignored silently,
 * 'status' carries the server's answer.
 */
export type ApiErrorKind = 'status' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    readonly data: unknown = null,
  ) {
    super(kind === 'status' ? `HTTP ${status}` : kind);
    this.name = 'ApiError';
  }

  /** Timeouts and aborts: nothing to show the user. */
  get silent(): boolean {
    return this.kind === 'timeout' || this.kind === 'aborted';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** True for failures the UI must not report (SPEC 8: timeout or abort). */
export function isSilentFailure(e: unknown): boolean {
  return e instanceof ApiError ? e.silent : e instanceof Error && e.cause instanceof ApiError && e.cause.silent;
}

/** An error carrying one of the spec's messages, with the request failure as its cause. */
export function coreError(message: string, cause?: unknown): Error {
  return new Error(message, cause === undefined ? undefined : { cause });
}
