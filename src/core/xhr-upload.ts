// A multipart POST through XMLHttpRequest, the one browser API that reports upload progress,
// shared by the core's client and the public elements' (public-http.ts).
import { ApiError } from './api-error.js';
import type { HttpResponse } from './http.js';

/** Sends `form` with no timeout (large files take long, SPEC 7); progress is a fraction 0..1 of the bytes sent. */
export function xhrUpload<T>(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (e.g. an empty 204): keep the text, as redaxios does.
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError('status', xhr.status, data));
      onProgress?.(1);
      resolve({ status: xhr.status, data: data as T });
    };
    xhr.onerror = () => reject(new ApiError('network'));
    xhr.onabort = () => reject(new ApiError('aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
