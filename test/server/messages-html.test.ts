// The outbox's HTML part, the sender's name and reply-to address, and resending a message
// (issue 11, item 8): what a member receives and what staff can do with a message that failed.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HIDDEN_LINK } from '../../src/server/messages/message-secrets.js';
import { enqueueMessage } from '../../src/server/messages/outbox.js';
import { createSender, type MessageSender } from '../../src/server/messages/sender.js';
import { startTestServer, type TestServer } from './support/server.js';

let smtp: SMTPServer;
let delivered: string[];
let server: TestServer;
let sender: MessageSender;
let staff: string;
let member: string;

function startSmtp(): Promise<string> {
  delivered = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`)));
}

beforeEach(async () => {
  server = await startTestServer({ smtpUrl: await startSmtp(), mailFrom: 'Associa <avisos@associa.test>' });
  sender = createSender(server.ctx, { log: () => undefined, maxAttempts: 1 });
  staff = (await server.login(await server.createUser('editor'))).access;
  member = (await server.login(await server.createUser('member'))).access;
  await setting('SendMessages', 'true');
});
afterEach(async () => {
  await sender.stop();
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const db = () => server.database.db;
const rows = () => db().selectFrom('messages').selectAll().orderBy('_id').execute();
const call = async (method: string, url: string, token: string, payload?: object) => {
  const response = await server.request({ method, url, token, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<{ data: Record<string, unknown>; message?: string; errors?: Record<string, string> }>() };
};

async function setting(name: string, value: string) {
  const stamp = new Date(server.ctx.now()).toISOString();
  await db().deleteFrom('settings').where('name', '=', name).execute();
  await db().insertInto('settings').values({ name, value, created_at: stamp, updated_at: stamp }).execute();
}

/** A delivered message as its recipient's mail program reads it (MIME parts decoded). */
const parsed = (raw: string) => PostalMime.parse(raw);

const LINK = 'https://associa.test/informacaoDePagamento/Segredo-0123456789?origem=aviso&canal=email';

describe('the HTML part', () => {
  it('goes beside the text; secret links are hidden from staff in both and reach only the recipient, escaped in the HTML', async () => {
    const id = await enqueueMessage(db(), server.ctx.now(), {
      recipient: 'ana@exemplo.pt',
      subject: 'Quotas em atraso',
      body: 'Olá Ana,\nPague em {{link}}',
      html: '<p>Olá Ana,<br>Pague em <a href="{{link}}">{{link}}</a></p>',
      secretLinks: { link: LINK },
    });
    const [stored] = await rows();
    expect(stored!.html).toBe(`<p>Olá Ana,<br>Pague em <a href="${HIDDEN_LINK}">${HIDDEN_LINK}</a></p>`);
    expect(String(stored!.sealed_html)).not.toContain('Segredo');
    const read = await call('GET', `/api/messages/${id}`, staff);
    expect(read.body.data).toMatchObject({ body: `Olá Ana,\nPague em ${HIDDEN_LINK}`, html: stored!.html });
    expect(Object.keys(read.body.data)).not.toContain('sealed_html');

    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatch(/Content-Type: multipart\/alternative/i);
    const mail = await parsed(delivered[0]!);
    expect(mail.text).toContain(`Pague em ${LINK}`);
    const escaped = LINK.replace(/&/g, '&amp;');
    expect(mail.html).toContain(`<a href="${escaped}">${escaped}</a>`);
    expect(`${mail.text}${mail.html}`).not.toContain(HIDDEN_LINK);
    expect(await rows()).toMatchObject([{ status: 'sent', sealed_body: null, sealed_html: null, html: stored!.html }]);
  });

  it('refuses to queue an HTML part that leaves out a secret link', async () => {
    await expect(
      enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'x', body: 'Pague em {{link}}', html: '<p>Pague.</p>', secretLinks: { link: LINK } }),
    ).rejects.toThrow(/secret links without a placeholder: link/);
    expect(await rows()).toEqual([]);
  });

  it('sends a text-only message as text only', async () => {
    await enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'Só texto', body: 'Olá.' });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(delivered[0]).not.toMatch(/text\/html/i);
    expect((await parsed(delivered[0]!)).html).toBeUndefined();
  });
});

describe('the sender as members see it', () => {
  const headers = (raw: string) => raw.split(/\r\n\r\n/)[0]!;

  it("is the server's address under the name staff chose, answers going to the address they chose", async () => {
    await setting('messageSenderName', 'Clube Desportivo Amigos');
    await setting('messageReplyTo', 'tesouraria@clube.pt');
    await enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'Olá', body: 'Olá.' });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(headers(delivered[0]!)).toMatch(/^From: Clube Desportivo Amigos <avisos@associa\.test>$/m);
    expect(headers(delivered[0]!)).toMatch(/^Reply-To: tesouraria@clube\.pt$/m);
  });

  it('is the configured From as it stands, with no Reply-To, while the settings are empty', async () => {
    await enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'Olá', body: 'Olá.' });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(headers(delivered[0]!)).toMatch(/^From: Associa <avisos@associa\.test>$/m);
    expect(headers(delivered[0]!)).not.toMatch(/^Reply-To:/im);
  });

  it('refuses a reply-to address that is no e-mail and a name of two lines, in pt-PT, changing nothing', async () => {
    const admin = (await server.login(await server.createUser('admin'))).access;
    for (const name of ['messageReplyTo', 'messageSenderName']) await setting(name, '');
    const idOf = async (name: string) => Number((await db().selectFrom('settings').select('_id').where('name', '=', name).executeTakeFirstOrThrow())._id);
    const replyTo = await call('PATCH', `/api/settings/${await idOf('messageReplyTo')}`, admin, { value: 'tesouraria@' });
    expect(replyTo.status).toBe(422);
    expect(replyTo.body.errors?.value).toBe('Indique um endereço de e-mail válido.');
    const name = await call('PATCH', `/api/settings/${await idOf('messageSenderName')}`, admin, { value: 'Clube\r\nBcc: todos@exemplo.pt' });
    expect(name.status).toBe(422);
    expect(name.body.errors?.value).toBe('O nome do remetente tem de ocupar uma só linha.');
    const stored = await db().selectFrom('settings').select(['name', 'value']).where('name', 'in', ['messageReplyTo', 'messageSenderName']).orderBy('name').execute();
    expect(stored).toEqual([{ name: 'messageReplyTo', value: '' }, { name: 'messageSenderName', value: '' }]);
  });
});

describe('resending a message', () => {
  async function failedMessage(): Promise<number> {
    const id = await enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'Quotas', body: 'Deve 15 €.', html: '<p>Deve 15 €.</p>' });
    smtp.onRcptTo = (_address, _session, callback) => callback(Object.assign(new Error('Caixa cheia'), { responseCode: 552 }));
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 1 });
    smtp.onRcptTo = (_address, _session, callback) => callback();
    return id;
  }

  it('queues a copy as a new message, answering its id; the original keeps its attempts and error', async () => {
    const id = await failedMessage();
    const [before] = await rows();
    expect(before).toMatchObject({ status: 'failed', attempts: 1 });
    expect(before!.last_error).toContain('Caixa cheia');

    const answer = await call('POST', `/api/messages/${id}/resend`, staff);
    expect(answer.status).toBe(200);
    const copy = Number(answer.body.data._id);
    expect(copy).not.toBe(id);
    const [original, resent] = await rows();
    expect(original).toEqual(before);
    expect(resent).toMatchObject({ _id: copy, recipient: 'ana@exemplo.pt', subject: 'Quotas', body: 'Deve 15 €.', html: '<p>Deve 15 €.</p>', status: 'pending', attempts: 0, last_error: null });

    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(delivered).toHaveLength(1);
    expect((await parsed(delivered[0]!)).html).toContain('<p>Deve 15 €.</p>');
    const audit = await db().selectFrom('audit_log').select(['resource', 'record_id', 'action']).where('action', '=', 'resend').execute();
    expect(audit).toEqual([{ resource: 'messages', record_id: id, action: 'resend' }]);
  });

  it('refuses a message still waiting to be sent with a 409, queuing nothing', async () => {
    const id = await enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'Quotas', body: 'Deve 15 €.' });
    const answer = await call('POST', `/api/messages/${id}/resend`, staff);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Esta mensagem ainda está por enviar: só se reenvia uma mensagem enviada ou que falhou.');
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a sent message whose secret link was forgotten, rather than sending it without the link', async () => {
    await enqueueMessage(db(), server.ctx.now(), { recipient: 'ana@exemplo.pt', subject: 'Pagar', body: 'Pague em {{link}}', secretLinks: { link: LINK } });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    const [sent] = await rows();
    const answer = await call('POST', `/api/messages/${sent!._id}/resend`, staff);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/ligação pessoal/);
    expect(await rows()).toHaveLength(1);
  });

  it('is for staff only: a member is refused and nothing is queued', async () => {
    const id = await failedMessage();
    expect((await call('POST', `/api/messages/${id}/resend`, member)).status).toBe(403);
    expect(await rows()).toHaveLength(1);
  });
});
