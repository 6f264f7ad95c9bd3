import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, testEngine, type TestServer } from './support/server.js';
import { enqueueMessage } from '../../src/server/messages/outbox.js';
import { HIDDEN_LINK } from '../../src/server/messages/message-secrets.js';
import { createSender, startSender, type MessageSender, type SenderOptions } from '../../src/server/messages/sender.js';

interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server process on a random local port. */
let smtp: SMTPServer;
let smtpUrl: string;
let delivered: Delivered[];
/** RCPT TO commands to refuse with a temporary error before accepting again. */
let refuseNext: number;

function startSmtp(): Promise<void> {
  delivered = [];
  refuseNext = 0;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address: SMTPServerAddress, _session, callback) {
      if (refuseNext > 0) {
        refuseNext -= 1;
        return callback(Object.assign(new Error('Caixa temporariamente indisponivel'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) =>
    smtp.listen(0, '127.0.0.1', () => {
      smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const servers: TestServer[] = [];
const senders: MessageSender[] = [];
let server: TestServer;

beforeEach(async () => {
  await startSmtp();
  server = await startTestServer({ smtpUrl, mailFrom: 'Associa <avisos@associa.test>' });
  servers.push(server);
});
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.stop();
  for (const s of servers.splice(0).reverse()) await s.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const quiet: SenderOptions = { log: () => undefined };
function sender(target = server, options: SenderOptions = {}): MessageSender {
  const created = createSender(target.ctx, { ...quiet, ...options });
  senders.push(created);
  return created;
}

async function setSendMessages(value: 'true' | 'false', target = server) {
  const { db } = target.database;
  const stamp = new Date().toISOString();
  await db.deleteFrom('settings').where('name', '=', 'SendMessages').execute();
  await db.insertInto('settings').values({ name: 'SendMessages', value, created_at: stamp, updated_at: stamp }).execute();
}

const enqueue = (n: number, target = server) =>
  enqueueMessage(target.database.db, target.ctx.now(), {
    recipient: `socio${n}@exemplo.pt`,
    subject: `Aviso numero ${n}`,
    body: `Mensagem de teste ${n}.`,
  });

const rows = () => server.database.db.selectFrom('messages').selectAll().orderBy('_id').execute();

const SECRET_LINK = 'https://associa.test/pagamentos/dados/Segredo_de-teste-0123456789abcdef';
const enqueueSecret = (n: number) =>
  enqueueMessage(server.database.db, server.ctx.now(), {
    recipient: `socio${n}@exemplo.pt`,
    subject: `Dados de pagamento ${n}`,
    body: `Olá,\n\nConsulte os dados de pagamento em {{ligacao}}\n\nObrigado.`,
    secretLinks: { ligacao: SECRET_LINK },
  });

/** The text part of a raw e-mail, quoted-printable soft line breaks and escapes undone. */
const textOf = (raw: string) =>
  Buffer.from(
    raw
      .split(/\r\n\r\n/)
      .slice(1)
      .join('\r\n\r\n')
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('messages sender', () => {
  it('delivers pending messages by SMTP while SendMessages is true, and marks them sent', async () => {
    await setSendMessages('true');
    await enqueue(1);
    await enqueue(2);
    expect(await sender().runOnce()).toEqual({ sent: 2, failed: 0 });

    expect(delivered.map((d) => d.to)).toEqual([['socio1@exemplo.pt'], ['socio2@exemplo.pt']]);
    expect(delivered[0]!.from).toBe('avisos@associa.test');
    expect(delivered[0]!.raw).toContain('Subject: Aviso numero 1');
    expect(delivered[0]!.raw).toContain('Mensagem de teste 1.');
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
      expect(Date.parse(String(row.sent_at))).toBeGreaterThan(Date.now() - 60_000);
    }
    // Nothing is sent twice.
    expect(await sender().runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toHaveLength(2);
  });

  it('keeps messages waiting while SendMessages is false or absent, and sends them once it is true', async () => {
    await enqueue(1);
    await server.database.db.deleteFrom('settings').where('name', '=', 'SendMessages').execute();
    expect(await sender().runOnce()).toEqual({ sent: 0, failed: 0, idle: 'disabled' });
    await setSendMessages('false');
    expect(await sender().runOnce()).toEqual({ sent: 0, failed: 0, idle: 'disabled' });
    expect(delivered).toEqual([]);
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0 }]);

    await setSendMessages('true');
    expect(await sender().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(delivered).toHaveLength(1);
  });

  it('keeps messages waiting when no SMTP server is configured', async () => {
    const withoutSmtp = await startTestServer();
    servers.push(withoutSmtp);
    await setSendMessages('true', withoutSmtp);
    await enqueue(1, withoutSmtp);
    expect(await sender(withoutSmtp).runOnce()).toEqual({ sent: 0, failed: 0, idle: 'no smtp' });
    expect(await withoutSmtp.database.db.selectFrom('messages').select(['status', 'attempts']).execute()).toEqual([
      { status: 'pending', attempts: 0 },
    ]);
  });

  it('retries a failed delivery after a backoff, recording the error', async () => {
    await setSendMessages('true');
    await enqueue(1);
    refuseNext = 1;
    const messages = sender(server, { backoffMs: (failures) => failures * 60_000 });
    expect(await messages.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(String(failed!.last_error)).toMatch(/451/);
    expect(Date.parse(String(failed!.next_attempt_at)) - server.ctx.now()).toBeGreaterThan(55_000);

    // Not due yet.
    expect(await messages.runOnce()).toEqual({ sent: 0, failed: 0 });
    server.advance(61_000);
    expect(await messages.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
    expect(delivered).toHaveLength(1);
  });

  it('marks a message failed after the last attempt', async () => {
    await setSendMessages('true');
    await enqueue(1);
    refuseNext = 10;
    const messages = sender(server, { maxAttempts: 3, backoffMs: () => 1000 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await messages.runOnce()).toEqual({ sent: 0, failed: 1 });
      server.advance(1001);
    }
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 3, next_attempt_at: null }]);
    expect(await messages.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toEqual([]);
  });

  it('e-mails secret links only to the recipient: the outbox shows them hidden, and forgets them once sent', async () => {
    await setSendMessages('true');
    const id = await enqueueSecret(1);
    const [stored] = await rows();
    expect(stored!.body).toBe(`Olá,\n\nConsulte os dados de pagamento em ${HIDDEN_LINK}\n\nObrigado.`);
    expect(String(stored!.sealed_body)).not.toContain('Segredo');

    expect(await sender().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(delivered).toHaveLength(1);
    expect(textOf(delivered[0]!.raw)).toContain(`Consulte os dados de pagamento em ${SECRET_LINK}`);
    expect(textOf(delivered[0]!.raw)).not.toContain(HIDDEN_LINK);
    expect(await rows()).toMatchObject([{ _id: id, status: 'sent', sealed_body: null, body: stored!.body }]);
  });

  it('forgets secret links of a message given up after its last attempt', async () => {
    await setSendMessages('true');
    await enqueueSecret(1);
    refuseNext = 10;
    const messages = sender(server, { maxAttempts: 2, backoffMs: () => 1000 });
    expect(await messages.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect((await rows())[0]!.sealed_body).not.toBeNull();
    server.advance(1001);
    expect(await messages.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([{ status: 'failed', sealed_body: null }]);
  });

  it('sends nothing, and says so, when a sealed body was altered or sealed for someone else', async () => {
    await setSendMessages('true');
    await enqueueSecret(1);
    await enqueueSecret(2);
    const [first, second] = await rows();
    // The second message's sealed body copied onto the first: it is bound to its recipient.
    await server.database.db.updateTable('messages').set({ sealed_body: second!.sealed_body }).where('_id', '=', first!._id).execute();
    const logged: string[] = [];
    expect(await sender(server, { log: (line) => logged.push(line) }).runOnce()).toEqual({ sent: 1, failed: 1 });
    expect(delivered.map((d) => d.to)).toEqual([['socio2@exemplo.pt']]);
    const [refused] = await rows();
    expect(refused).toMatchObject({ status: 'failed', sealed_body: null, next_attempt_at: null });
    expect(refused!.last_error).toBe('A ligação secreta desta mensagem não pôde ser recuperada; a mensagem não foi enviada.');
    expect(logged.join('\n')).toMatch(/message \d+ not sent: its sealed body does not open/);
  });

  it('sends each message once when two instances send at the same time', async () => {
    // On PostgreSQL the second sender belongs to a second instance on the same schema;
    // on SQLite only one process may open the file, so both share its database.
    const other = testEngine === 'postgres' ? await startTestServer({ smtpUrl, pgSchema: server.database.schema }) : server;
    if (other !== server) servers.push(other);
    await setSendMessages('true');
    for (let n = 1; n <= 30; n += 1) await enqueue(n);
    const a = sender(server, { batchSize: 5 });
    const b = sender(other, { batchSize: 5 });
    const results = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    const recipients = delivered.flatMap((d) => d.to).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect((await rows()).every((row) => row.status === 'sent' && Number(row.attempts) === 1)).toBe(true);
  });

  it('takes over a message whose sender stopped mid-delivery only after its lease ends', async () => {
    await setSendMessages('true');
    const id = await enqueue(1);
    const lease = new Date(server.ctx.now() + 120_000).toISOString();
    await server.database.db.updateTable('messages').set({ status: 'sending', attempts: 1, next_attempt_at: lease }).where('_id', '=', id).execute();
    const messages = sender();
    expect(await messages.runOnce()).toEqual({ sent: 0, failed: 0 });
    server.advance(121_000);
    expect(await messages.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('once started, polls, wakes up when settings change, and stops cleanly', async () => {
    await setSendMessages('false');
    await enqueue(1);
    const messages = startSender(server.ctx, { ...quiet, pollIntervalMs: 60_000 });
    senders.push(messages);
    await setSendMessages('true');
    await server.ctx.bus.publish({ topic: 'settings updated', payload: null });
    await expect.poll(() => delivered.length).toBe(1);
    await enqueue(2);
    messages.trigger();
    await expect.poll(() => delivered.length).toBe(2);
    await messages.stop();
    await enqueue(3);
    messages.trigger();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(delivered).toHaveLength(2);
  });
});
