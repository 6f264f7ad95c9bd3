// The HTTP client of a public element (the card verifier, the application form): the core's
// timeout, headers and errors, and no session at all. Such an element loads this rather than
// the core (session, realtime, explainer, redaxios...), which keeps a page holding only it
// within its size budget (scripts/size.mjs).
import { ApiError } from './api-error.js';
import { PAGE_ADDRESS_HEADER, REQUEST_TIMEOUT_MS } from './constants.js';
import type { Http, HttpResponse, RequestOptions } from './http.js';
import { xhrUpload } from './xhr-upload.js';

/** What a public element may ask: reads, JSON posts, deletes and multipart uploads with progress. */
export type PublicHttp = Pick<Http, 'get' | 'post' | 'delete' | 'upload'>;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Anonymous calls against `api`: non-2xx answers and failures as the core's ApiError.
 * `headers` go with every call (the application form's `X-Upload-Token`).
 */
export function publicHttp(api: string, headers: Record<string, string> = {}): PublicHttp {
  const base = api.replace(/\/+$/, '');
  const url = (path: string) => `${base}/${path.replace(/^\/+/, '')}`;
  const sent = () => ({ accept: 'application/json', [PAGE_ADDRESS_HEADER]: location.href, ...headers });

  async function send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await fetch(url(path), {
        method,
        headers: body === undefined ? sent() : { ...sent(), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      const data = parsed(await res.text());
      if (!res.ok) throw new ApiError('status', res.status, data);
      return { status: res.status, data: data as T };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (controller.signal.aborted) {
        const reason: unknown = controller.signal.reason;
        throw new ApiError(reason instanceof DOMException && reason.name === 'TimeoutError' ? 'timeout' : 'aborted');
      }
      throw new ApiError('network');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    get: (path, options) => send('GET', path, undefined, options),
    post: (path, body, options) => send('POST', path, body ?? {}, options),
    delete: (path, options) => send('DELETE', path, undefined, options),
    upload: (path, form, onProgress, options = {}) => xhrUpload(url(path), sent(), form, onProgress, options.signal),
  };
}
