// A controllable API for browser tests: the faults a real server cannot produce on demand
// (dropped connections, slow replies, a 401 then a failed or a good refresh, health coming back).
//
// Every test works in its own namespace, so test files running side by side never share state:
//   /fault-api/{ns}/...            the API the core under test talks to
//   /fault-api/{ns}/websocket      its socket
//   /fault-control/{ns}/script     POST {"GET /members": [reply, ...], ...}: queued replies per route
//   /fault-control/{ns}/log        GET: every request received (and socket messages)
//   /fault-control/{ns}/ws         POST {refuse?, handshake?}: socket behaviour
//   /fault-control/{ns}/ws/send    POST {topic, payload}: message to every open socket
//   /fault-control/{ns}/ws/close   POST: close every open socket
// A reply is {status?, body?, text?, type?, delayMs?, drop?}; the last reply of a queue repeats. The log keeps
// JSON bodies parsed, a multipart form as {bytes, fields, files}, any other body as {bytes}.
import { WebSocketServer } from 'ws';

const spaces = new Map();

function space(ns) {
  let s = spaces.get(ns);
  if (!s) {
    s = { rules: new Map(), log: [], ws: { refuse: false, handshake: null }, sockets: new Set() };
    spaces.set(ns, s);
  }
  return s;
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.alloc(0)));
  });
}

/** A multipart form's text fields and file names (an upload's form says whose file it is). */
function multipart(buffer, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType)?.slice(1).find(Boolean);
  const fields = {};
  const files = [];
  if (!boundary) return { fields, files };
  for (const part of buffer.toString('latin1').split(`--${boundary}`)) {
    const head = part.slice(0, part.indexOf('\r\n\r\n'));
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const file = /filename="([^"]*)"/.exec(head)?.[1];
    if (file !== undefined) files.push(Buffer.from(file, 'latin1').toString('utf8'));
    else if (name !== undefined) fields[name] = Buffer.from(part.slice(head.length + 4, -2), 'latin1').toString('utf8');
  }
  return { fields, files };
}

function parse(buffer, contentType) {
  if (!buffer.length) return null;
  if (String(contentType ?? '').startsWith('multipart/form-data')) return { bytes: buffer.length, ...multipart(buffer, contentType) };
  if (!String(contentType ?? '').includes('json')) return { bytes: buffer.length };
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return buffer.toString('utf8');
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The first queued reply for this route whose `match` (if any) the query satisfies; the last one stays. */
function nextReply(s, key, query) {
  const queue = s.rules.get(key);
  if (!queue || queue.length === 0) return null;
  const index = queue.findIndex((reply) => !reply.match || Object.entries(reply.match).every(([name, value]) => query[name] === value));
  if (index < 0) return null;
  return queue.length > 1 ? queue.splice(index, 1)[0] : queue[0];
}

function json(ctx, status, body) {
  ctx.status = status;
  if (body === undefined || status === 204) return;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

async function control(ctx, ns, action) {
  const s = space(ns);
  const body = parse(await readBody(ctx.req), 'json');
  if (action === 'script' && ctx.method === 'POST') {
    for (const [key, replies] of Object.entries(body ?? {})) s.rules.set(key, Array.isArray(replies) ? [...replies] : [replies]);
    return json(ctx, 204);
  }
  if (action === 'log') return json(ctx, 200, s.log);
  if (action === 'ws' && ctx.method === 'POST') {
    Object.assign(s.ws, body ?? {});
    return json(ctx, 204);
  }
  if (action === 'ws/send') {
    for (const socket of s.sockets) socket.send(JSON.stringify(body));
    return json(ctx, 200, { sent: s.sockets.size });
  }
  if (action === 'ws/close') {
    const count = s.sockets.size;
    for (const socket of s.sockets) socket.close(1012, 'test');
    return json(ctx, 200, { closed: count });
  }
  return json(ctx, 404, { message: `unknown control ${action}` });
}

async function api(ctx, ns, rest) {
  const s = space(ns);
  const raw = await readBody(ctx.req);
  const path = '/' + rest;
  const query = Object.fromEntries(new URLSearchParams(ctx.querystring));
  s.log.push({
    method: ctx.method,
    path,
    query,
    headers: ctx.headers,
    body: parse(raw, ctx.headers['content-type']),
    at: Date.now(),
  });
  const reply = nextReply(s, `${ctx.method} ${path}`, query);
  if (!reply) return json(ctx, 404, { statusCode: 404, error: 'Not Found', message: `no rule for ${ctx.method} ${path}` });
  if (reply.delayMs) await sleep(reply.delayMs);
  if (reply.drop) {
    // Cut the connection without an answer: the browser sees a network error.
    ctx.respond = false;
    ctx.req.socket.destroy();
    return;
  }
  // A redirect (SPEC 7's card and letter addresses answer 302 to a file).
  if (reply.location) ctx.set('location', reply.location);
  // A body that is not JSON (a CSV export), sent as it is with its media type.
  if (reply.text !== undefined) {
    ctx.status = reply.status ?? 200;
    ctx.type = reply.type ?? 'text/plain';
    ctx.body = reply.text;
    return;
  }
  json(ctx, reply.status ?? 200, reply.body);
}

/** Koa middleware for the dev server of web-test-runner. */
export async function faultMiddleware(ctx, next) {
  const m = /^\/fault-(api|control)\/([\w-]+)(?:\/(.*))?$/.exec(ctx.path);
  if (!m) return next();
  const [, kind, ns, rest = ''] = m;
  if (kind === 'control') return control(ctx, ns, rest);
  return api(ctx, ns, rest);
}

/** Attaches the test sockets to the dev server's HTTP server. */
export function faultSocketPlugin() {
  const wss = new WebSocketServer({ noServer: true });
  return {
    name: 'fault-sockets',
    serverStart({ server }) {
      server.on('upgrade', (req, socket, head) => {
        const m = /^\/fault-api\/([\w-]+)\/websocket(?:\?.*)?$/.exec(req.url ?? '');
        if (!m) return; // Not ours: the test runner's own socket.
        const s = space(m[1]);
        if (s.ws.refuse) {
          s.log.push({ method: 'WS-REFUSED', path: '/websocket', at: Date.now() });
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          s.sockets.add(ws);
          s.log.push({ method: 'WS-OPEN', path: '/websocket', at: Date.now() });
          ws.on('message', (data) => {
            s.log.push({ method: 'WS-MESSAGE', path: '/websocket', body: parse(Buffer.from(data), 'json'), at: Date.now() });
          });
          ws.on('close', () => s.sockets.delete(ws));
          if (s.ws.handshake) ws.send(JSON.stringify({ topic: 'handshake', payload: { connectionId: s.ws.handshake } }));
        });
      });
    },
  };
}
