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
 * so latencies are collected per response and the percentiles computed here.
 */
export async function measure(url: string, token: string, connections: number, seconds: number): Promise<Measurement> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (error: unknown, res: autocannon.Result) => (error ? reject(error) : resolve(res)),
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
