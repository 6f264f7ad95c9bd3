import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

type Options = NonNullable<Parameters<typeof openWcWaitUntil>[2]>;

/**
 * open-wc's `waitUntil` with a 4 s default instead of 1 s. The browser suite runs beside eslint
 * and tsc on a two-core CI machine, where an element's second or third answer can take longer
 * than a second; a condition that never holds still fails, only later.
 */
export function waitUntil(predicate: Parameters<typeof openWcWaitUntil>[0], message?: string, options: Options = {}): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: 4000, ...options });
}
