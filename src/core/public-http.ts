// The HTTP client of a public element (the card verifier): a GET with the core's timeout,
// headers and errors, and no session at all. Such an element loads this rather than the core
// (session, realtime, explainer, redaxios...), which keeps a page holding only it within its
// size budget (scripts/size.mjs).
import { ApiError } from './api-error.js';
import { PAGE_ADDRESS_HEADER, REQUEST_TIMEOUT_MS } from './constants.js';
import type { Http, HttpResponse, RequestOptions } from './http.js';

async function body(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An anonymous GET against `api`: non-2xx answers and failures as the core's ApiError. */
export function publicHttp(api: string): Pick<Http, 'get'> {
  const base = api.replace(/\/+$/, '');
  return {
    async get<T>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
      const onAbort = () => controller.abort(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const res = await fetch(`${base}/${path.replace(/^\/+/, '')}`, {
          headers: { accept: 'application/json', [PAGE_ADDRESS_HEADER]: location.href },
          signal: controller.signal,
        });
        const data = await body(res);
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
    },
  };
}
