import autocannon from 'autocannon';

export interface Measurement {
  p50: number;
  p95: number;
  requestsPerSecond: number;
  requests: number;
  /** Non-2xx answers plus connection errors and timeouts; a valid run has none. */
  failures: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Loads one URL at the given concurrency for `seconds`. autocannon's own summary has no p95,
 * so latencies are collected per response and the percentiles computed here. With `uncached`,
 * every request carries a distinct parameter the API ignores, so the server's list cache never
 * answers and each request reaches the database. With `post`, each request is a POST of the
 * JSON body made for its sequence number (1, 2, …).
 */
export async function measure(url: string, token: string, connections: number, seconds: number, uncached = false, post?: (sequence: number) => unknown): Promise<Measurement> {
  const latencies: number[] = [];
  let sequence = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const target = new URL(url);
    const requests: autocannon.Request[] | undefined = post
      ? [{ method: 'POST', setupRequest: (request) => ({ ...request, body: JSON.stringify(post((sequence += 1))) }) }]
      : uncached
        ? [{ setupRequest: (request) => ({ ...request, path: `${target.pathname}${target.search}&bench=${(sequence += 1)}` }) }]
        : undefined;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(post ? { 'content-type': 'application/json' } : {}) };
    const instance = autocannon(
      { url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) },
      (error: unknown, res: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
