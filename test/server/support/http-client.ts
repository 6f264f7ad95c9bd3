import type { MainProcess } from './main-process.js';

/** An answer read whole: its status, headers, bytes and, when it is JSON, the parsed body. */
export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** Untyped as `res.json()` is: the assertions that read it check it. */
  body: any;
}

interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a multipart body), with its own content-type among `headers`. */
  raw?: Buffer;
  headers?: Record<string, string>;
  /** Longest wait for the whole answer. */
  timeoutMs?: number;
}

/** One request to a server process over HTTP, as a browser or an integration would make it; redirects are answered, not followed. */
export async function call(server: MainProcess, method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw) body = new Uint8Array(options.raw);
  const answer = await fetch(`${server.base}${url}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const json = (answer.headers.get('content-type') ?? '').includes('json') && bytes.length > 0;
  return { status: answer.status, headers: answer.headers, bytes, body: json ? JSON.parse(bytes.toString('utf8')) : undefined };
}

/** An account's access token, from a login on `server`. */
export async function loginOn(server: MainProcess, username: string, password: string): Promise<string> {
  const answer = await call(server, 'POST', '/api/auth', { json: { username, password } });
  if (answer.status !== 200) throw new Error(`login of ${username} failed: ${answer.status} ${answer.bytes.toString('utf8')}`);
  return String(answer.body.access);
}
