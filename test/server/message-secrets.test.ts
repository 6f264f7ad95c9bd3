// Login links and recovery codes are secrets of their recipient: no role reads them through
// the API, yet the e-mail the sender builds carries the real, working link (issue 8, item 1).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Role } from '../../src/core/contract.js';
import { createSender } from '../../src/server/messages/sender.js';
import type { MailTransport } from '../../src/server/messages/smtp-transport.js';
import { deliverableBody, HIDDEN_LINK } from '../../src/server/messages/message-secrets.js';
import { startTestServer, type TestServer, type TestUser } from './support/server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const auth = (payload: object) => server.request({ method: 'POST', url: '/api/auth', payload });
const CODE = /loginporlink\/([\w-]+)/;

/** Messages queued so far with the code each carries, as only the recipient receives it. */
async function queuedCodes(): Promise<{ id: number; recipient: string; code: string }[]> {
  const rows = await server.database.db.selectFrom('messages').select(['_id', 'recipient']).orderBy('_id').execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: Number(row._id),
      recipient: String(row.recipient),
      code: CODE.exec(String(await deliverableBody(server.database.db, Number(row._id))))![1]!,
    })),
  );
}

/** A transport that keeps what it is given, as an SMTP server would. */
function capturingTransport() {
  const sent: { to: string; subject: string; text: string }[] = [];
  const transport: MailTransport = {
    async send(message) {
      sent.push({ to: message.to, subject: message.subject, text: message.text });
    },
    close: () => undefined,
  };
  return { sent, transport };
}

async function enableSending() {
  const stamp = new Date(server.ctx.now()).toISOString();
  await server.database.db.deleteFrom('settings').where('name', '=', 'SendMessages').execute();
  await server.database.db.insertInto('settings').values({ name: 'SendMessages', value: 'true', created_at: stamp, updated_at: stamp }).execute();
}

/**
 * Every GET the server answers for `token`: each list and each record of every resource (ids
 * from the lists, plus `extraIds` for records a list might not show), each sub-resource, the
 * explainer, the OpenAPI document, the host page. Returns "METHOD url -> body" texts.
 */
async function everyAnswer(token: string, extraIds: number[]): Promise<string[]> {
  const answers: string[] = [];
  const get = async (url: string) => {
    const response = await server.request({ method: 'GET', url, token });
    answers.push(`GET ${url} -> ${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
    return response;
  };
  const routes = server.app.routeList.filter((r) => r.method === 'GET' && r.url !== '/api/websocket');
  const idsOf = new Map<string, number[]>();
  for (const route of routes.filter((r) => !r.url.includes(':') && !r.url.includes('*'))) {
    const response = await get(route.url.startsWith('/api/') ? `${route.url}?_limit=-1` : route.url);
    const data = response.statusCode === 200 && String(response.headers['content-type'] ?? '').includes('json') ? response.json<{ data?: unknown }>().data : undefined;
    if (Array.isArray(data)) idsOf.set(route.url, data.map((r: { _id: number }) => r._id));
  }
  for (const route of routes.filter((r) => r.url.includes(':id'))) {
    const collection = route.url.slice(0, route.url.indexOf('/:id'));
    for (const id of new Set([...(idsOf.get(collection) ?? []), ...extraIds])) await get(route.url.replace(':id', String(id)));
  }
  for (const url of ['/elements/associa-login.js', '/', '/autorizacao/loginporlink']) await get(url);
  return answers;
}

describe('secret links in the outbox', () => {
  let admin: TestUser;
  let editor: TestUser;
  let socio: TestUser;
  let tokens: Record<Extract<Role, 'admin' | 'editor'>, string>;
  let events: string[];

  beforeEach(async () => {
    admin = await server.createUser('admin', { email: 'direcao@exemplo.pt' });
    editor = await server.createUser('editor');
    socio = await server.createUser('member', { password: null, email: 'socia@exemplo.pt' });
    tokens = { admin: (await server.login(admin)).access, editor: (await server.login(editor)).access };
    events = [];
    server.ctx.bus.subscribe((event) => events.push(JSON.stringify(event)));
    // Anyone may ask: a recovery for the administrator, a login link for a member.
    expect((await auth({ email: 'direcao@exemplo.pt', recover_password: true })).statusCode).toBe(204);
    expect((await auth({ username: socio.username, password: '' })).statusCode).toBe(204);
  });

  it('never shows a live code or link in any answer an administrator or an editor can get, nor in events', async () => {
    const queued = await queuedCodes();
    expect(queued.map((q) => q.recipient)).toEqual(['direcao@exemplo.pt', 'socia@exemplo.pt']);
    const secrets = queued.map((q) => q.code);
    for (const role of ['admin', 'editor'] as const) {
      const answers = await everyAnswer(tokens[role], queued.map((q) => q.id));
      // The walk did reach the messages themselves, readable but with their links hidden.
      const messageAnswers = answers.filter((a) => a.startsWith(`GET /api/messages/${queued[0]!.id} -> 200`));
      expect(messageAnswers, role).toHaveLength(1);
      expect(messageAnswers[0]).toContain(JSON.stringify(HIDDEN_LINK).slice(1, -1));
      expect(answers.length, role).toBeGreaterThan(40);
      for (const answer of answers) {
        for (const secret of secrets) expect(answer.includes(secret), `${role}: ${answer.slice(0, 200)}`).toBe(false);
        expect(answer, role).not.toMatch(/loginporlink\/[\w-]{20,}/);
      }
      // Search does not find a message by its code either.
      for (const secret of secrets) {
        const search = await server.request({ method: 'GET', url: `/api/messages?_search=${secret}`, token: tokens[role] });
        expect(search.json().data, role).toEqual([]);
      }
    }
    for (const event of events) for (const secret of secrets) expect(event).not.toContain(secret);
  });

  it('an editor reading the outbox cannot become administrator (reproduction 1)', async () => {
    const list = await server.request({ method: 'GET', url: '/api/messages?_limit=-1', token: tokens.editor });
    expect(list.statusCode).toBe(200);
    const recovery = list.json<{ data: { _id: number; recipient: string; body: string }[] }>().data.find((m) => m.recipient === 'direcao@exemplo.pt')!;
    expect(recovery.body).toContain(HIDDEN_LINK);
    expect(recovery.body).not.toMatch(CODE);
    // Whatever in it looks like a code is refused.
    const candidates = recovery.body.match(/[\w-]{16,}/g) ?? [];
    for (const candidate of candidates) expect((await auth({ recoverCode: candidate })).statusCode).toBe(403);
    const read = await server.request({ method: 'GET', url: `/api/messages/${recovery._id}`, token: tokens.editor });
    expect(read.json().data.body).toBe(recovery.body);
    expect(Object.keys(read.json().data)).not.toContain('sealed_body');

    // The administrator's own link still works: the editor spent nothing.
    const [mine] = await queuedCodes();
    const login = await auth({ recoverCode: mine!.code });
    expect(login.statusCode).toBe(200);
    expect(decodeJwt(login.json().access)).toMatchObject({ ID: admin.id, Role: 'admin' });
  });

  it('the recovery page sends a member without a password a login link, titled as one', async () => {
    expect((await auth({ email: 'socia@exemplo.pt', recover_password: true })).statusCode).toBe(204);
    const subjects = await server.database.db.selectFrom('messages').select(['recipient', 'subject']).orderBy('_id').execute();
    expect(subjects.map((m) => [m.recipient, m.subject])).toEqual([
      ['direcao@exemplo.pt', 'Recuperação da palavra-passe'],
      ['socia@exemplo.pt', 'Entrar no Associa'],
      ['socia@exemplo.pt', 'Entrar no Associa'],
    ]);
  });

  it('the sender e-mails the real, working link, then forgets it', async () => {
    await enableSending();
    const { sent, transport } = capturingTransport();
    expect(await createSender(server.ctx, { transport, log: () => undefined }).runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['direcao@exemplo.pt', 'socia@exemplo.pt']);
    expect(sent[0]!.subject).toBe('Recuperação da palavra-passe');
    expect(sent[0]!.text).not.toContain(HIDDEN_LINK);
    expect(sent[0]!.text).toMatch(/^Olá Utilizador admin\d+,/);

    const rows = await server.database.db.selectFrom('messages').select(['status', 'body', 'sealed_body']).orderBy('_id').execute();
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', sealed_body: null });
    // What staff read stays the same text with the link hidden.
    expect(String(rows[0]!.body)).toBe(sent[0]!.text.replace(/http:\/\/associa\.test\/autorizacao\/loginporlink\/[\w-]+/, HIDDEN_LINK));

    const recovery = await auth({ recoverCode: CODE.exec(sent[0]!.text)![1]! });
    expect(recovery.statusCode).toBe(200);
    expect(decodeJwt(recovery.json().access).ID).toBe(admin.id);
    const link = await auth({ recoverCode: CODE.exec(sent[1]!.text)![1]! });
    expect(decodeJwt(link.json().access).ID).toBe(socio.id);
  });
});
