// Browser-side helpers for the controllable test server (support/fault-server.mjs).

export interface Reply {
  status?: number;
  body?: unknown;
  /** A body sent as it is (not JSON), with `type` as its media type. */
  text?: string;
  type?: string;
  delayMs?: number;
  drop?: boolean;
  /** A Location header (with a 3xx status: a redirect the browser follows). */
  location?: string;
  /**
   * Query parameters this reply is for: requests are answered by the first queued reply they
   * match, whatever order they reach the server in (two requests sent together may arrive swapped).
   */
  match?: Record<string, string>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

export interface Fault {
  ns: string;
  /** API base for a core under test. */
  api: string;
  script(rules: Record<string, Reply | Reply[]>): Promise<void>;
  log(): Promise<LoggedRequest[]>;
  requests(method: string, path: string): Promise<LoggedRequest[]>;
  ws(behaviour: { refuse?: boolean; handshake?: string | null }): Promise<void>;
  wsSend(message: { topic: string; payload?: unknown }): Promise<number>;
  wsClose(): Promise<number>;
}

export function fault(): Fault {
  const ns = 't' + Math.random().toString(36).slice(2, 10);
  const control = (action: string, body?: unknown) =>
    fetch(`/fault-control/${ns}/${action}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const self: Fault = {
    ns,
    api: `/fault-api/${ns}`,
    async script(rules) {
      await control('script', rules);
    },
    async log() {
      return (await (await control('log')).json()) as LoggedRequest[];
    },
    async requests(method, path) {
      return (await self.log()).filter((r) => r.method === method && r.path === path);
    },
    async ws(behaviour) {
      await control('ws', behaviour);
    },
    async wsSend(message) {
      return ((await (await control('ws/send', message)).json()) as { sent: number }).sent;
    },
    async wsClose() {
      return ((await (await control('ws/close', {})).json()) as { closed: number }).closed;
    },
  };
  return self;
}

/** An unsigned JWT: the core only reads claims, the server is the one that verifies. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.signature`;
}

export const now = () => Math.floor(Date.now() / 1000);

export function tokenPair(id = 1, name = 'Ana Conceição', role = 'admin') {
  return {
    access: fakeJwt({ ID: id, Name: name, Role: role, iat: now(), exp: now() + 900 }),
    refresh: fakeJwt({ ID: id, typ: 'refresh', iat: now(), exp: now() + 30 * 86_400 }),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}
