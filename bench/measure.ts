import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

export interface Measurement {
  p50: number;
  p95: number;
  requestsPerSecond: number;
  requests: number;
  /** Non-2xx answers plus connection errors and timeouts; a valid run has none. */
  failures: number;
  /**
   * The machine's processors busy during the load, in cores (all processes: the server, the
   * database, this client), where /proc tells it (Linux). Over the requests a second, it is the
   * processor time one request took the machine as a whole.
   */
  busyCores?: number;
}

/** The machine's processor time so far, busy and in all (/proc/stat's first line, in clock ticks). */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    // idle and iowait are the idle ones.
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return undefined;
  }
}

/** The cores busy between two readings of machineTicks. */
function busyCoresBetween(before: ReturnType<typeof machineTicks>, after: ReturnType<typeof machineTicks>): number | undefined {
  if (!before || !after || after.total === before.total) return undefined;
  return ((after.busy - before.busy) / (after.total - before.total)) * os.cpus().length;
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
 * JSON body made for its sequence number (1, 2, …). With `acceptEncoding`, requests ask for a
 * compressed answer, as browsers do.
 */
export async function measure(url: string, token: string, connections: number, seconds: number, uncached = false, post?: (sequence: number) => unknown, acceptEncoding?: string): Promise<Measurement> {
  const latencies: number[] = [];
  let sequence = 0;
  const ticksBefore = machineTicks();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const target = new URL(url);
    const requests: autocannon.Request[] | undefined = post
      ? [{ method: 'POST', setupRequest: (request) => ({ ...request, body: JSON.stringify(post((sequence += 1))) }) }]
      : uncached
        ? [{ setupRequest: (request) => ({ ...request, path: `${target.pathname}${target.search}&bench=${(sequence += 1)}` }) }]
        : undefined;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      ...(post ? { 'content-type': 'application/json' } : {}),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    };
    const instance = autocannon(
      { url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) },
      (error: unknown, res: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const busyCores = busyCoresBetween(ticksBefore, machineTicks());
  latencies.sort((a, b) => a - b);
  return {
    ...(busyCores === undefined ? {} : { busyCores }),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export interface OneByOneTimes {
  p50: number;
  p95: number;
  loads: number;
}

/**
 * GETs each address once, one after another, without a token (public pages, rate-limited per
 * address, so latency at rest rather than load); p50 and p95 over the loads. Any answer that is
 * not 200 fails the run: a fast error page would be a false result.
 */
export async function timeOneByOne(urls: readonly string[]): Promise<OneByOneTimes> {
  const latencies: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), loads: sorted.length };
}
