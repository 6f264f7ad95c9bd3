import net from 'node:net';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay, lisbonYear } from '../../src/core/days.js';
import type { SetupAnswer, SetupStepKey } from '../../src/core/setup.js';
import { startFakeIfthenpay, type FakeIfthenpay } from '../../src/server/modules/collecting/fake-ifthenpay.js';
import { startSmtp, type LocalSmtp } from '../e2e/support/smtp.js';
import { pdfText } from '../e2e/support/pdf-text.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// The first-run checklist of a production start (decision 0049), on the real server and both
// engines: each step's state comes from the settings themselves; skipping is an ordinary,
// validated setting; the test message really goes out (to a local SMTP server) or says why not
// in pt-PT; the provider's test calls it; the logo is uploaded, served, and drawn on receipts.

const servers: ResourceTestServer[] = [];
async function start(overrides: Parameters<typeof startResourceServer>[0] = {}) {
  const server = await startResourceServer({ mode: 'production', ...overrides });
  servers.push(server);
  return server;
}
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close();
});

let smtp: LocalSmtp;
let fake: FakeIfthenpay;
beforeAll(async () => {
  smtp = await startSmtp();
  fake = await startFakeIfthenpay();
});
afterAll(async () => {
  await smtp.close();
  await fake.close();
});

const answerOf = async (server: ResourceTestServer, token: string) => {
  const answer = await server.json<{ data: SetupAnswer }>('GET', '/api/setup', token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const stateOf = (answer: SetupAnswer, key: SetupStepKey) => answer.steps.find((step) => step.key === key)!.state;

/** A port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const multipartOf = (name: string, type: string, bytes: Buffer) => ({
  payload: Buffer.concat([
    Buffer.from(`--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from('\r\n--b--\r\n'),
  ]),
  headers: { 'content-type': 'multipart/form-data; boundary=b' },
});
const PNG = () => sharp({ create: { width: 1200, height: 400, channels: 4, background: '#1f4e79' } }).png().toBuffer();

describe('the checklist answer', () => {
  it('is for administrators, and on a fresh production start every step is open', async () => {
    const server = await start();
    const admin = await server.as('admin');
    const editor = await server.as('editor');
    expect((await server.json('GET', '/api/setup', undefined)).status).toBe(401);
    const refused = await server.json('GET', '/api/setup', editor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Só os administradores configuram a instalação.');
    const answer = await answerOf(server, admin.token);
    expect(answer.production).toBe(true);
    expect(answer.complete).toBe(false);
    expect(answer.steps.map((step) => [step.key, step.state])).toEqual([
      ['identity', 'open'],
      ['fees', 'open'],
      ['mail', 'open'],
      ['payments', 'open'],
      ['members', 'open'],
      ['backups', 'open'],
    ]);
    expect(answer.steps[0]!.summary).toBe('Falta o nome, o NIF e a morada.');
    expect(answer.mail).toEqual({ server: null, from: server.ctx.config.mailFrom, sending: false, recipient: expect.stringMatching(/@exemplo\.pt$/) });
    expect(answer.payments).toEqual({ provider: null, methods: [], transfer: false });
  });

  it('says test mode is no first run', async () => {
    const server = await start({ mode: 'test' });
    const admin = await server.as('admin');
    expect((await answerOf(server, admin.token)).production).toBe(false);
  });

  it('derives each step from its settings and records; skipping is a validated setting; all done or skipped completes it', async () => {
    const server = await start();
    const admin = await server.as('admin');
    const put = async (name: string, value: string) => {
      const answer = await server.putSetting(admin.token, name, value);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    };
    await put('name', 'Associação Cultural do Vale');
    await put('orgNif', '501234567');
    expect((await answerOf(server, admin.token)).steps[0]!.summary).toBe('Falta a morada.');
    await put('orgAddress', 'Rua do Vale, 1, 1000-001 Lisboa');
    let answer = await answerOf(server, admin.token);
    expect(stateOf(answer, 'identity')).toBe('done');
    expect(answer.steps[0]!.summary).toBe('Associação Cultural do Vale, NIF 501234567.');

    const year = lisbonYear(server.ctx.now());
    const category = await server.json('POST', '/api/fee_categories', admin.token, { name: 'Efetivo' });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const schedule = await server.json('POST', '/api/fee_schedules', admin.token, { year, category: category.body.data._id, amount: 2400, periodicity: 'annual', due_day: 31 });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    await put('associationIban', 'PT50 0002 0123 1234 5678 9015 4');
    const member = await server.json('POST', '/api/members', admin.token, { dues_exempt: true, name: 'Ana Primeira', state: await server.stateId('Ativo') });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    answer = await answerOf(server, admin.token);
    expect(answer.steps.map((step) => step.state)).toEqual(['done', 'done', 'open', 'done', 'done', 'open']);
    expect(answer.payments.transfer).toBe(true);

    // A step name the checklist does not have is refused by the setting's declaration, changing nothing.
    const wrong = await server.putSetting(admin.token, 'setupSkipped', 'mail,nada');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ value: 'Indique passos da lista de primeiros passos, separados por vírgulas.' });
    expect(stateOf(await answerOf(server, admin.token), 'mail')).toBe('open');

    await put('setupSkipped', 'mail,backups');
    answer = await answerOf(server, admin.token);
    expect([stateOf(answer, 'mail'), stateOf(answer, 'backups')]).toEqual(['skipped', 'skipped']);
    expect(answer.complete).toBe(true);
    // Reopened: the checklist is back on the home page.
    await put('setupSkipped', 'mail');
    answer = await answerOf(server, admin.token);
    expect(stateOf(answer, 'backups')).toBe('open');
    expect(answer.complete).toBe(false);
    await put('setupConfirmed', 'backups');
    expect((await answerOf(server, admin.token)).complete).toBe(true);
  });
});

describe('the test message', () => {
  it('goes out through the real SMTP server to the admin now, marks the step done, and is in the outbox as sent', async () => {
    const server = await start({ smtpUrl: smtp.url });
    const admin = await server.as('admin');
    const editor = await server.as('editor');
    expect((await server.json('POST', '/api/setup/test_message', editor.token, {})).status).toBe(403);
    const email = (await server.database.db.selectFrom('users').select('email').where('_id', '=', admin.id).executeTakeFirstOrThrow()).email!;
    const before = smtp.delivered.length;
    const answer = await server.json('POST', '/api/setup/test_message', admin.token, {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ok: true, message: `A mensagem de teste foi enviada para ${email}. Confirme que chegou à caixa de correio.` });
    // Sent while SendMessages is off: the admin asked for this one.
    const mail = smtp.delivered.slice(before).find((m) => m.to.includes(email));
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.subject).toBe('Mensagem de teste do Associa (Associação)');
    expect(parsed.text).toContain('Se a recebeu, o envio de e-mail está a funcionar.');
    const row = await server.database.db.selectFrom('messages').select(['status', 'recipient']).where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    const checklist = await answerOf(server, admin.token);
    expect(stateOf(checklist, 'mail')).toBe('done');
    expect(checklist.mail.server).toBe(smtp.url.replace('smtp://', ''));
    // The same, as the read-only setting the messages page shows, written at start from SMTP_URL.
    const mailServer = await server.database.db.selectFrom('settings').select('value').where('name', '=', 'mailServer').executeTakeFirstOrThrow();
    expect(mailServer.value).toBe(checklist.mail.server);
    const confirmed = await server.database.db.selectFrom('settings').select('value').where('name', '=', 'setupConfirmed').executeTakeFirstOrThrow();
    expect(confirmed.value).toBe('mail');
  });

  it('says in pt-PT why it did not go: no SMTP configured, a server that refuses the connection', async () => {
    const none = await start();
    const admin = await none.as('admin');
    const answer = await none.json('POST', '/api/setup/test_message', admin.token, {});
    expect(answer.body.data.ok).toBe(false);
    expect(answer.body.data.message).toMatch(/^Este servidor não tem envio de e-mail configurado: defina a variável de ambiente SMTP_URL/);
    expect(await none.database.db.selectFrom('messages').select('_id').execute()).toEqual([]);

    const port = await closedPort();
    const refusing = await start({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const admin2 = await refusing.as('admin');
    const refused = await refusing.json('POST', '/api/setup/test_message', admin2.token, {});
    expect(refused.body.data).toEqual({ ok: false, message: `O servidor de e-mail 127.0.0.1:${port} recusou a ligação: confirme o endereço e a porta em SMTP_URL.` });
    const row = await refusing.database.db.selectFrom('messages').select(['status', 'last_error']).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', last_error: refused.body.data.message });
    expect(stateOf(await answerOf(refusing, admin2.token), 'mail')).toBe('open');
  });
});

describe('the provider test', () => {
  it('calls ifthenpay with the server keys and reports; a wrong key is said; without a provider it says what to configure', async () => {
    const server = await start({ ifthenpay: fake.config });
    const admin = await server.as('admin');
    const editor = await server.as('editor');
    expect((await server.json('POST', '/api/setup/test_provider', editor.token, {})).status).toBe(403);
    const before = fake.requests.size;
    const answer = await server.json('POST', '/api/setup/test_provider', admin.token, {});
    expect(answer.body.data.ok).toBe(true);
    expect(answer.body.data.message).toMatch(/^Ligação ao ifthenpay confirmada: a chave Multibanco gerou a referência de teste 99998 \d{9} \(1,00 €\)/);
    expect(fake.requests.size).toBe(before + 1);
    expect((await answerOf(server, admin.token)).payments).toEqual({ provider: 'ifthenpay', methods: ['multibanco', 'mbway'], transfer: false });

    const wrong = await start({ ifthenpay: { ...fake.config, mbKey: 'CHAVE-ERRADA' } });
    const admin2 = await wrong.as('admin');
    const refused = await wrong.json('POST', '/api/setup/test_provider', admin2.token, {});
    expect(refused.body.data.ok).toBe(false);
    expect(refused.body.data.message).toMatch(/^O ifthenpay não aceitou o pedido de teste \(.*Invalid mbKey\): confirme as chaves ASSOCIA_IFTHENPAY_\* do servidor\.$/);

    const none = await start();
    const admin3 = await none.as('admin');
    const nothing = await none.json('POST', '/api/setup/test_provider', admin3.token, {});
    expect(nothing.body.data.ok).toBe(false);
    expect(nothing.body.data.message).toMatch(/^Não há fornecedor de pagamentos configurado/);
  });
});

describe('the logo', () => {
  it('is uploaded by an admin, shrunk, served to anyone, and drawn on the receipt letterhead', async () => {
    const server = await start();
    const admin = await server.as('admin');
    const editor = await server.as('editor');
    expect((await server.request({ method: 'GET', url: '/api/organisation_logo' })).statusCode).toBe(404);
    const png = multipartOf('logo.png', 'image/png', await PNG());
    expect((await server.request({ method: 'POST', url: '/api/organisation_logo', token: editor.token, ...png })).statusCode).toBe(403);
    expect((await server.request({ method: 'POST', url: '/api/organisation_logo', ...png })).statusCode).toBe(401);
    const webp = multipartOf('logo.webp', 'image/webp', await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).webp().toBuffer());
    const refused = await server.request({ method: 'POST', url: '/api/organisation_logo', token: admin.token, ...webp });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Tipo de ficheiro não aceite. Envie um ficheiro PNG, JPEG.');

    const saved = await server.request({ method: 'POST', url: '/api/organisation_logo', token: admin.token, ...png });
    expect(saved.statusCode, saved.body).toBe(200);
    const served = await server.request({ method: 'GET', url: '/api/organisation_logo' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 600, height: 200 });
    expect((await answerOf(server, admin.token)).logo).toBe(true);

    // A payment's receipt then carries the issuer's name, NIF, address and the logo as an image.
    for (const [name, value] of Object.entries({ hasTreasury: 'true', name: 'Clube do Logótipo', orgNif: '501234567', orgAddress: 'Largo do Teste, 2, Porto' })) {
      expect((await server.putSetting(admin.token, name, value)).status).toBeLessThan(300);
    }
    const member = await server.json('POST', '/api/members', admin.token, { dues_exempt: true, name: 'Rui Recibo', state: await server.stateId('Ativo') });
    const today = lisbonDay(server.ctx.now());
    const raised = await server.json('POST', '/api/unsettled_payments/raise', admin.token, { member: member.body.data._id, kind: 'quota', year: 2026, amount: 1200, due_date: today, description: 'Quota' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const paid = await server.json('POST', '/api/payments/record', admin.token, { member: member.body.data._id, date: today, amount: 1200, method: 'transferencia', debts: [raised.body.data._id] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const receipt = paid.body.data.receipt as { _id: number };
    const pdf = await server.request({ method: 'GET', url: `/api/treasury_docs/${receipt._id}/pdf`, token: admin.token });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toEqual(expect.arrayContaining(['Clube do Logótipo', 'NIF 501234567', 'Largo do Teste, 2, Porto']));
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);

    // Taken away: documents issued afterwards have no image; the setting is empty again.
    expect((await server.request({ method: 'DELETE', url: '/api/organisation_logo', token: admin.token })).statusCode).toBe(204);
    expect((await server.request({ method: 'GET', url: '/api/organisation_logo' })).statusCode).toBe(404);
    expect((await answerOf(server, admin.token)).logo).toBe(false);
  });
});
