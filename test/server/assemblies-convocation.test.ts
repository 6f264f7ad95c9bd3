import { startSmtp, type LocalSmtp } from '../e2e/support/smtp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { createSender } from '../../src/server/messages/sender.js';
import { DEFAULT_NOTICE_TEMPLATE, delayInWords, fillNotice, noticeTemplateProblem, secondCallSentence, type NoticeValues } from '../../src/server/modules/assemblies/convocation/notice.js';
import * as mupdf from 'mupdf';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// The convocation of a general assembly on the real server: refused past the last valid day,
// sent once on it (e-mails through the outbox to a local SMTP server, letters in one PDF), and
// the proof of convocation that lists every associate with channel and delivery.

let smtp: LocalSmtp | undefined;
let server: ResourceTestServer;
let admin: string;
let staff: string;
let apiKey: string;
let memberToken: string;
let active: number;

const db = () => server.database.db;
const today = () => lisbonDay(server.ctx.now());
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const numeric = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const post = (url: string, body: unknown = {}, token = staff) => server.json('POST', url, token, body);
const get = (url: string, token = staff) => server.json('GET', url, token);
const setting = async (name: string, value: string) => expect((await server.putSetting(admin, name, value)).status).toBe(200);
const pdf = async (url: string, token = staff) => {
  const response = await server.request({ method: 'GET', url, token });
  return { status: response.statusCode, type: String(response.headers['content-type']), bytes: response.rawPayload };
};
/** Each page's text as MuPDF reads it, runs of white space as one space. */
function pdfText(bytes: Buffer): string[] {
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  return Array.from({ length: document.countPages() }, (_, page) => document.loadPage(page).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' '));
}

/** An associate admitted long ago, exempt from dues (so in full rights) unless told otherwise. */
async function associate(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const created = await post('/api/members', { name, state: active, admission_date: '2020-01-01', dues_exempt: true, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return Number(created.body.data._id);
}

const EMPTY_VALUES: NoticeValues = { organizacao: '', tipo: '', data: '', hora: '', local: '', ordem_do_dia: '', segunda_convocatoria: '', presidente: '' };

const ADDRESS = { address: 'Rua das Flores, 12', postal_code: '1000-001', locality: 'Lisboa' };

/** A draft assembly on `date` with these agenda items. */
async function assembly(date: string, items: readonly string[] = ['Relatório e contas de 2025', 'Plano de atividades e orçamento para 2027'], extra: Record<string, unknown> = {}): Promise<number> {
  const created = await post('/api/assemblies', { kind: 'ordinaria', title: 'Assembleia geral ordinária', date, time: '21:00', place: 'Sede social', ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = Number(created.body.data._id);
  for (const [index, title] of items.entries()) {
    const item = await post('/api/assembly_items', { assembly: id, position: index + 1, title, majority: 'ordinary' });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
  }
  return id;
}

const convocationsOf = (id: number) => db().selectFrom('assembly_convocations').selectAll().where('assembly', '=', id).orderBy('number').orderBy('name').execute();
const messagesOf = (id: number) => db().selectFrom('messages').selectAll().where('dedupe_key', 'like', `assembly:${id}:%`).orderBy('_id').execute();
const messageCount = async () => Number((await db().selectFrom('messages').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

let ana: number;
let bruno: number;
let carla: number;
let duarte: number;
let eva: number;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startResourceServer({ smtpUrl: smtp.url, mailFrom: 'Associa <avisos@associa.test>' });
  admin = (await server.as('admin')).token;
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  await setting('hasAssemblies', 'true');
  await setting('name', 'Associação Cultural do Vale');
  await setting('assemblyChairName', 'Maria Presidente Lopes');
  const key = await post('/api/api_secrets', { name: 'Integração', role: 'editor' }, admin);
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  apiKey = String(key.body.data.secret);

  ana = await associate('Ana Correio Silva', { number: 1, email: 'ana@exemplo.pt', ...ADDRESS });
  bruno = await associate('Bruno Carta Costa', { number: 2, ...ADDRESS });
  carla = await associate('Carla Correio Sousa', { number: 3, email: 'carla@exemplo.pt', ...ADDRESS });
  // In arrears on the cut-off date: no vote, so no notice.
  const category = await post('/api/fee_categories', { name: 'Efetivo' });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  duarte = await associate('Duarte Dívida Pereira', { number: 4, email: 'duarte@exemplo.pt', dues_exempt: false, fee_category: Number(category.body.data._id) });
  const raised = await post('/api/unsettled_payments/raise', { member: duarte, kind: 'other', year: 2025, amount: 1500, due_date: '2025-06-30', description: 'Jantar' });
  expect(raised.status, JSON.stringify(raised.body)).toBe(200);
  eva = await associate('Eva Carta Ramos', { number: 5, address: 'Travessa do Sol, 3, 2.º esq.', postal_code: '4000-123', locality: 'Porto' });
  memberToken = (await server.as('member', { memberId: ana })).token;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the notice text', () => {
  it('says the second call in words, and refuses a template with a placeholder it does not know', () => {
    expect(['meia hora', 'uma hora', 'uma hora e meia', '45 minutos', 'duas horas e 15 minutos'].join('|')).toBe([30, 60, 90, 45, 135].map(delayInWords).join('|'));
    expect(secondCallSentence({ orgType: 'association', minutes: 60, rule: 'minimum', minimum: 10 })).toBe(
      'Se à hora marcada não estiver presente o número legal de associados, a assembleia reunirá uma hora depois, desde que estejam presentes pelo menos 10 associados.',
    );
    expect(noticeTemplateProblem(DEFAULT_NOTICE_TEMPLATE)).toBeNull();
    expect(noticeTemplateProblem('Convoco para {{dia}}.')).toMatch(/^Marcador desconhecido: \{\{dia\}\}\./);
    expect(fillNotice('Sócios de {{organizacao}}: {{tipo}}\n\n\n\n{{presidente}}', { ...EMPTY_VALUES, organizacao: 'Clube Naval', tipo: 'extraordinária', presidente: 'Rui' }, 'o')).toBe(
      'Sócios do Clube Naval: extraordinária\n\nRui',
    );
  });
});

describe('convening an assembly', () => {
  it('is refused after the last valid day, saying which it was, and writes and queues nothing', async () => {
    const date = addDays(today(), 7);
    const id = await assembly(date);
    const before = await messageCount();

    const preview = await get(`/api/assemblies/${id}/convocation`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ last_notice_day: addDays(today(), -1), notice_days: 8, late: true, voters: 4, emails: 2, letters: 2 });

    const refused = await post(`/api/assemblies/${id}/convene`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`A convocatória tinha de ser enviada até ${numeric(addDays(today(), -1))} (8 dias antes da assembleia).`);
    const row = await db().selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'draft', cutoff_date: null, notice_text: null, convened_at: null, last_notice_day: null });
    expect(await convocationsOf(id)).toEqual([]);
    expect(await messageCount()).toBe(before);

    // The statutes may ask for more notice: then the last day comes sooner.
    await setting('assemblyNoticeDays', '10');
    const longer = await assembly(addDays(today(), 9));
    const refusedLonger = await post(`/api/assemblies/${longer}/convene`);
    expect(refusedLonger.body.message).toBe(`A convocatória tinha de ser enviada até ${numeric(addDays(today(), -1))} (10 dias antes da assembleia).`);
    await setting('assemblyNoticeDays', '8');
  });

  it('never takes less notice than the law: a cooperative needs 15 days whatever the setting says', async () => {
    await setting('orgType', 'cooperative');
    try {
      await setting('assemblyNoticeDays', '8');
      const id = await assembly(addDays(today(), 14));
      const refused = await post(`/api/assemblies/${id}/convene`);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(`A convocatória tinha de ser enviada até ${numeric(addDays(today(), -1))} (15 dias antes da assembleia).`);
      const preview = await get(`/api/assemblies/${id}/convocation`);
      // The cooperative's second call: an hour later by its code, unless the statutes say otherwise.
      expect(preview.body.data.notice_text).toContain('o número legal de cooperadores');
    } finally {
      await setting('orgType', 'association');
    }
  });

  it('is accepted on the last valid day: one convocation per associate with a vote, e-mails queued once and delivered, letters for the rest', async () => {
    const date = addDays(today(), 8);
    const id = await assembly(date);
    const preview = await get(`/api/assemblies/${id}/convocation`);
    expect(preview.body.data).toMatchObject({ status: 'draft', last_notice_day: today(), late: false, associates: 5, voters: 4, emails: 2, letters: 2, agenda_items: 2, missing_address: [] });

    const convened = await post(`/api/assemblies/${id}/convene`);
    expect(convened.status, JSON.stringify(convened.body)).toBe(200);
    expect(convened.body.data).toMatchObject({ _id: id, status: 'convened', cutoff_date: today(), last_notice_day: today(), convocation: { voters: 4, emails: 2, letters: 2 } });
    const notice = String(convened.body.data.notice_text);
    const words = new Intl.DateTimeFormat('pt-PT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    expect(notice).toContain('convoco os associados da Associação Cultural do Vale para a assembleia geral ordinária');
    expect(notice).toContain(`${words}, às 21:00, em Sede social`);
    expect(notice).toContain('1. Relatório e contas de 2025\n2. Plano de atividades e orçamento para 2027');
    expect(notice).toContain('Se à hora marcada não estiver presente o número legal de associados, a assembleia reunirá meia hora depois, com qualquer número de presenças.');
    expect(notice).toMatch(/O Presidente da Mesa da Assembleia Geral,\nMaria Presidente Lopes$/);
    expect(notice).not.toContain('{{');

    const rows = await convocationsOf(id);
    expect(rows.map((row) => [row.member, row.channel, row.recipient])).toEqual([
      [ana, 'email', 'ana@exemplo.pt'],
      [bruno, 'post', 'Bruno Carta Costa\nRua das Flores, 12\n1000-001 Lisboa'],
      [carla, 'email', 'carla@exemplo.pt'],
      [eva, 'post', 'Eva Carta Ramos\nTravessa do Sol, 3, 2.º esq.\n4000-123 Porto'],
    ]);
    const messages = await messagesOf(id);
    expect(messages.map((m) => [m.recipient, m.dedupe_key, m.status])).toEqual([
      ['ana@exemplo.pt', `assembly:${id}:${ana}`, 'pending'],
      ['carla@exemplo.pt', `assembly:${id}:${carla}`, 'pending'],
    ]);
    expect(messages[0]!.subject).toBe(`Convocatória: Assembleia Geral Ordinária — ${numeric(date)}`);
    expect(messages[0]!.body).toBe(notice);
    expect(rows.find((row) => row.member === ana)!.message).toBe(messages[0]!._id);

    // Once is enough: a second convene is refused and queues nothing more.
    const again = await post(`/api/assemblies/${id}/convene`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Esta assembleia já foi convocada em ${numeric(today())}: a convocatória não se envia duas vezes.`);
    expect(await messagesOf(id)).toHaveLength(2);
    expect(await convocationsOf(id)).toHaveLength(4);

    // The outbox delivers them to the mail server.
    await setting('SendMessages', 'true');
    const sender = createSender(server.ctx, { log: () => undefined });
    try {
      expect(await sender.runOnce()).toMatchObject({ sent: 2, failed: 0 });
    } finally {
      await sender.stop();
    }
    const ours = smtp!.delivered.filter((mail) => mail.raw.includes('Convocat'));
    expect(ours.map((mail) => mail.to).sort()).toEqual([['ana@exemplo.pt'], ['carla@exemplo.pt']]);
    expect(ours[0]!.raw).toContain('Maria Presidente Lopes');

    // Before printing, the letters are still to go; the e-mails are delivered.
    const proof = await get(`/api/assemblies/${id}/convocation_proof`);
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    expect(proof.body.data.printed).toBeNull();
    expect(proof.body.data.rows.map((row: Record<string, unknown>) => [row.number, row.name, row.channel, row.delivery])).toEqual([
      [1, 'Ana Correio Silva', 'email', 'sent'],
      [2, 'Bruno Carta Costa', 'post', 'pending'],
      [3, 'Carla Correio Sousa', 'email', 'sent'],
      [5, 'Eva Carta Ramos', 'post', 'pending'],
    ]);
    expect(proof.body.data.rows[0].delivery_at).toEqual(expect.any(String));

    // One PDF, one page per letter, each with its address and the notice.
    const letters = await pdf(`/api/assemblies/${id}/letters.pdf`);
    expect(letters.status).toBe(200);
    expect(letters.type).toContain('application/pdf');
    const pages = pdfText(letters.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Bruno Carta Costa');
    expect(pages[0]).toContain('1000-001 Lisboa');
    expect(pages[1]).toContain('Eva Carta Ramos');
    expect(pages[1]).toContain('4000-123 Porto');
    for (const page of pages) {
      expect(page).toContain('Relatório e contas de 2025');
      expect(page).toContain('Maria Presidente Lopes');
    }

    // The printing is the letters' sending: the proof shows the batch and its date.
    const printed = (await get(`/api/assemblies/${id}/convocation_proof`)).body.data;
    expect(printed.printed).toEqual({ at: expect.any(String), letters: 2 });
    expect(printed.rows.filter((row: Record<string, unknown>) => row.channel === 'post').map((row: Record<string, unknown>) => row.delivery)).toEqual(['printed', 'printed']);
    expect(printed.totals).toEqual({ rows: 4, emails: 2, letters: 2, sent: 2, failed: 0, pending: 0, printed: 2 });
    expect(printed.assembly).toMatchObject({ _id: id, status: 'convened', last_notice_day: today(), notice_text: notice });
    // An e-mail the outbox gave up on shows as failed, with when and why.
    const failedAt = new Date(server.ctx.now()).toISOString();
    await db().updateTable('messages').set({ status: 'failed', last_error: '550 Caixa inexistente', updated_at: failedAt }).where('_id', '=', messages[1]!._id).execute();
    const failed = (await get(`/api/assemblies/${id}/convocation_proof`)).body.data;
    expect(failed.rows[2]).toMatchObject({ name: 'Carla Correio Sousa', delivery: 'failed', delivery_at: failedAt, last_error: '550 Caixa inexistente' });
    expect(failed.totals).toMatchObject({ sent: 1, failed: 1 });
    // Printing again keeps the first date.
    expect((await pdf(`/api/assemblies/${id}/letters.pdf`)).status).toBe(200);
    expect((await get(`/api/assemblies/${id}/convocation_proof`)).body.data.printed.at).toBe(printed.printed.at);

    const document = await pdf(`/api/assemblies/${id}/convocation_proof.pdf`);
    expect(document.status).toBe(200);
    const text = pdfText(document.bytes).join(' ');
    expect(text).toContain('Prova de convocação');
    for (const name of ['Ana Correio Silva', 'Bruno Carta Costa', 'Carla Correio Sousa', 'Eva Carta Ramos']) expect(text).toContain(name);
    expect(text).not.toContain('Duarte');
    expect(text).toContain('Enviada');
    expect(text).toContain('Falhou');
    expect(text).toContain('Impressa');
    expect(text).toContain('Associados convocados: 4.');
  });

  it('sends the text staff wrote for this assembly, its placeholders filled', async () => {
    const date = addDays(today(), 25);
    const id = await assembly(date);
    const written = await server.json('PATCH', `/api/assemblies/${id}`, staff, { notice_text: 'Caros associados de {{organizacao}}: reunimos a {{data}}.\n\n{{ordem_do_dia}}' });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const convened = await post(`/api/assemblies/${id}/convene`);
    expect(convened.status, JSON.stringify(convened.body)).toBe(200);
    const words = new Intl.DateTimeFormat('pt-PT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    const sent = `Caros associados da Associação Cultural do Vale: reunimos a ${words}.\n\n1. Relatório e contas de 2025\n2. Plano de atividades e orçamento para 2027`;
    expect(convened.body.data.notice_text).toBe(sent);
    expect((await messagesOf(id)).map((m) => m.body)).toEqual([sent, sent]);
  });

  it('sends letters to everyone when the statutes require post', async () => {
    await setting('assemblyChannel', 'post');
    try {
      const id = await assembly(addDays(today(), 20));
      const convened = await post(`/api/assemblies/${id}/convene`);
      expect(convened.status, JSON.stringify(convened.body)).toBe(200);
      expect(convened.body.data.convocation).toMatchObject({ voters: 4, emails: 0, letters: 4 });
      expect(await messagesOf(id)).toEqual([]);
      expect(pdfText((await pdf(`/api/assemblies/${id}/letters.pdf`)).bytes)).toHaveLength(4);
    } finally {
      await setting('assemblyChannel', 'email');
    }
  });

  it('refuses without an agenda, or with a letter that has no address, naming who lacks what', async () => {
    const empty = await assembly(addDays(today(), 20), []);
    const refused = await post(`/api/assemblies/${empty}/convene`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/ordem de trabalhos está vazia/);

    const homeless = await associate('Filipa Sem Morada', { number: 6 });
    try {
      const id = await assembly(addDays(today(), 20));
      const preview = await get(`/api/assemblies/${id}/convocation`);
      expect(preview.body.data.missing_address).toEqual([{ member: homeless, number: 6, name: 'Filipa Sem Morada', missing: ['morada', 'código postal', 'localidade'] }]);
      const noAddress = await post(`/api/assemblies/${id}/convene`);
      expect(noAddress.status).toBe(422);
      expect(noAddress.body.message).toContain('Filipa Sem Morada (n.º 6): falta morada, código postal e localidade');
      expect(await convocationsOf(id)).toEqual([]);
      expect(await messagesOf(id)).toEqual([]);
      expect((await db().selectFrom('assemblies').select('status').where('_id', '=', id).executeTakeFirstOrThrow()).status).toBe('draft');
    } finally {
      await db().updateTable('members').set({ email: 'filipa@exemplo.pt' }).where('_id', '=', homeless).execute();
    }
  });

  it('is staff work: administrators, editors and API keys; a member is refused, an anonymous caller must sign in', async () => {
    const id = await assembly(addDays(today(), 30));
    const routes = [`/api/assemblies/${id}/convocation`, `/api/assemblies/${id}/convocation_proof`, `/api/assemblies/${id}/convocation_proof.pdf`];
    for (const url of routes) {
      expect((await server.request({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await server.request({ method: 'GET', url, token: memberToken })).statusCode, url).toBe(403);
      for (const token of [admin, staff, apiKey]) expect((await server.request({ method: 'GET', url, token })).statusCode, url).toBe(200);
    }
    expect((await server.request({ method: 'GET', url: `/api/assemblies/${id}/letters.pdf` })).statusCode).toBe(401);
    expect((await server.request({ method: 'GET', url: `/api/assemblies/${id}/letters.pdf`, token: memberToken })).statusCode).toBe(403);
    expect((await server.request({ method: 'GET', url: `/api/assemblies/${id}/letters.pdf`, token: staff })).statusCode).toBe(409);

    expect((await server.request({ method: 'POST', url: `/api/assemblies/${id}/convene` })).statusCode).toBe(401);
    expect((await post(`/api/assemblies/${id}/convene`, {}, memberToken)).status).toBe(403);
    expect(await convocationsOf(id)).toEqual([]);
    expect((await post(`/api/assemblies/${id}/convene`, {}, apiKey)).status).toBe(200);
    const byAdmin = await assembly(addDays(today(), 30));
    expect((await post(`/api/assemblies/${byAdmin}/convene`, {}, admin)).status).toBe(200);
    expect((await get(`/api/assemblies/999999/convocation`)).status).toBe(404);

    // Off, the module answers nothing.
    await setting('hasAssemblies', 'false');
    try {
      expect((await get(`/api/assemblies/${id}/convocation_proof`)).status).toBe(404);
    } finally {
      await setting('hasAssemblies', 'true');
    }
  });
});
