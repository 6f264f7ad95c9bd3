import redaxios from 'redaxios';
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { TokenPair } from './contract.js';
import { PAGE_ADDRESS_HEADER } from './constants.js';
import { ApiError } from './api-error.js';
import type { Clock } from './clock.js';
import type { Tokens } from './tokens.js';
import { xhrUpload } from './xhr-upload.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  /** Lets a caller cancel, e.g. a list load superseded by a newer query. */
  signal?: AbortSignal;
  /** Do not mark the server unreachable on a network error (health checks, fire-and-forget calls). */
  quiet?: boolean;
  /** Send no access token and never refresh on a 401 (a logout, which proves itself with its refresh token). */
  anonymous?: boolean;
  /**
   * Answer the body unread, as a stream (a streamed export), once the headers are in. The
   * caller's signal cancels until then; after, cancelling the stream's reader stops the download.
   */
  stream?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  data: T;
}

export interface Http {
  /** API base without trailing slash, e.g. '/api' or 'https://example.org/api'. */
  readonly api: string;
  /** Duration of the last answered request, for the footer. */
  readonly lastResponseMs: ReadonlySignal<number | null>;
  request<T>(method: Method, path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  /** Multipart POST without timeout; progress is a fraction 0..1 of the bytes sent. */
  upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, options?: RequestOptions): Promise<HttpResponse<T>>;
}

export interface HttpDeps {
  api: string;
  tokens: Tokens;
  timeoutMs: number;
  clock: Clock;
  fetch: typeof fetch;
  href(): string;
  onNetworkError(): void;
  /** The refresh was refused: the session is over. */
  onSessionExpired(): void;
}

export function normalizeApi(api: string): string {
  return api.replace(/\/+$/, '');
}

export function joinUrl(api: string, path: string): string {
  return `${api}/${path.replace(/^\/+/, '')}`;
}

export function serializeParams(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Send<T> = (token: string | null) => Promise<HttpResponse<T>>;

export function createHttp(deps: HttpDeps): Http {
  const api = normalizeApi(deps.api);
  const lastResponseMs = signal<number | null>(null);
  const client = redaxios.create({ headers: { accept: 'application/json' } });
  let refreshing: Promise<boolean> | null = null;

  function headers(token: string | null): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', [PAGE_ADDRESS_HEADER]: deps.href() };
    if (token) h.authorization = `Bearer ${token}`;
    return h;
  }

  function timed<T>(started: number, value: T): T {
    lastResponseMs.value = Math.round(deps.clock.now() - started);
    return value;
  }

  async function sendJson<T>(method: Method, path: string, body: unknown, options: RequestOptions, token: string | null): Promise<HttpResponse<T>> {
    const controller = new AbortController();
    // redaxios drops `signal`, so the abort reaches fetch through a fetch of our own.
    const timer = deps.clock.setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), deps.timeoutMs);
    const outer = options.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) onOuterAbort();
    else outer?.addEventListener('abort', onOuterAbort, { once: true });
    const started = deps.clock.now();
    try {
      const res = await client<T>({
        url: joinUrl(api, path) + serializeParams(options.params),
        method,
        data: body,
        headers: headers(token),
        responseType: options.stream ? 'stream' : undefined,
        fetch: (input: RequestInfo | URL, init?: RequestInit) => deps.fetch(input, { ...init, signal: controller.signal }),
      });
      // redaxios answers a stream whatever its status: a refusal is still a failure (a 401 refreshes).
      if (options.stream && res.status > 399) throw new ApiError('status', res.status, null);
      return timed(started, { status: res.status, data: res.data });
    } catch (e) {
      throw classify(e, controller.signal, started);
    } finally {
      deps.clock.clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  function classify(e: unknown, sig: AbortSignal, started: number): ApiError {
    if (e instanceof ApiError) return e;
    // redaxios rejects with the response object on a non-2xx status.
    if (e !== null && typeof e === 'object' && 'status' in e && typeof e.status === 'number' && 'config' in e) {
      const data = 'data' in e ? e.data : null;
      return timed(started, new ApiError('status', e.status, data));
    }
    if (sig.aborted) {
      const reason: unknown = sig.reason;
      return new ApiError(reason instanceof DOMException && reason.name === 'TimeoutError' ? 'timeout' : 'aborted');
    }
    return new ApiError('network');
  }

  async function sendMultipart<T>(path: string, form: FormData, onProgress: ((fraction: number) => void) | undefined, options: RequestOptions, token: string | null): Promise<HttpResponse<T>> {
    const started = deps.clock.now();
    try {
      return timed(started, await xhrUpload<T>(joinUrl(api, path) + serializeParams(options.params), headers(token), form, onProgress, options.signal));
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'status') timed(started, null);
      throw e;
    }
  }

  function refreshOnce(): Promise<boolean> {
    // Concurrent 401s share one refresh: the server rotates refresh tokens and
    // revokes the whole family when one is used twice.
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function doRefresh(): Promise<boolean> {
    const refreshToken = deps.tokens.refresh.value;
    if (!refreshToken) {
      deps.onSessionExpired();
      return false;
    }
    try {
      const res = await sendJson<TokenPair>('POST', 'auth/refresh', { refreshToken }, {}, null);
      const pair = res.data;
      if (!pair || typeof pair.access !== 'string' || typeof pair.refresh !== 'string') {
        deps.onSessionExpired();
        return false;
      }
      deps.tokens.set(pair);
      return true;
    } catch (e) {
      // The session was handed a new pair while this refresh ran (the user changed their own
      // password, which ends every older token): it goes on with that pair.
      const replaced = deps.tokens.refresh.value;
      if (replaced !== null && replaced !== refreshToken) return true;
      if (e instanceof ApiError && e.kind === 'status') deps.onSessionExpired();
      // A refresh that could not reach the server proves nothing about the session:
      // keep it, and let the unreachable overlay and its reload take over.
      else if (e instanceof ApiError && e.kind === 'network') deps.onNetworkError();
      return false;
    }
  }

  function report(e: unknown, options: RequestOptions): never {
    if (e instanceof ApiError && e.kind === 'network' && !options.quiet) deps.onNetworkError();
    throw e;
  }

  async function withAuth<T>(send: Send<T>, options: RequestOptions): Promise<HttpResponse<T>> {
    const token = options.anonymous ? null : deps.tokens.access.value;
    try {
      return await send(token);
    } catch (e) {
      if (!(e instanceof ApiError && e.kind === 'status' && e.status === 401 && token)) report(e, options);
      const current = deps.tokens.access.value;
      // Another request may already have refreshed while this one was in flight.
      const renewed = current !== null && current !== token ? true : await refreshOnce();
      if (!renewed) throw e;
      try {
        return await send(deps.tokens.access.value);
      } catch (retryError) {
        report(retryError, options);
      }
    }
  }

  const request = <T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}) =>
    withAuth<T>((token) => sendJson<T>(method, path, body, options, token), options);

  return {
    api,
    lastResponseMs,
    request,
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    upload: (path, form, onProgress, options = {}) =>
      withAuth((token) => sendMultipart(path, form, onProgress, options, token), options),
  };
}
