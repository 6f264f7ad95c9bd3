import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainerResponse } from '../../../src/core/contract.js';
import { enqueueMessage } from '../../../src/server/messages/outbox.js';
import { ensureReferenceData } from '../../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const token: Record<'admin' | 'editor' | 'member', string> = { admin: '', editor: '', member: '' };
let ownMember = 0;
let otherMember = 0;
let memberUser = 0;
let ownCard = 0;
let otherCard = 0;

async function call(who: keyof typeof token | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.request({ method, url, ...(who ? { token: token[who] } : {}), ...(payload ? { payload } : {}) });
}

async function created(url: string, payload: object): Promise<number> {
  const answer = await call('admin', 'POST', url, payload);
  if (answer.statusCode >= 300) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
  return Number(answer.json().data._id ?? answer.json().data.payment?._id ?? 0);
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, server.ctx.now());
  for (const role of ['admin', 'editor'] as const) token[role] = (await server.login(await server.createUser(role))).access;
  const state = await server.database.db.selectFrom('member_states').select('_id').where('marksEnd', '=', 0).orderBy('_id').executeTakeFirstOrThrow();
  // A card is issued under the years rule, which needs an admission date and a fee category.
  await server.database.db.updateTable('settings').set({ value: 'years' }).where('name', '=', 'cardValidityRule').execute();
  const category = await created('/api/fee_categories', { name: 'Efetivos' });
  ownMember = await created('/api/members', {
    name: 'Íris Quaresma', email: 'Iris@Exemplo.pt', state: state._id, locality: 'Porto', notes: 'Nota só dos serviços', admission_date: '2025-01-01', fee_category: category,
  });
  otherMember = await created('/api/members', { dues_exempt: true, name: 'Outro Sócio', email: 'outro@exemplo.pt', state: state._id });
  const user = await server.createUser('member', { memberId: ownMember });
  memberUser = user.id;
  token.member = (await server.login(user)).access;
  await created('/api/unsettled_payments/raise', { member: ownMember, kind: 'other', year: 2026, amount: 1250, due_date: '2026-03-31', description: 'Quota 2026' });
  await created('/api/unsettled_payments/raise', { member: otherMember, kind: 'other', year: 2026, amount: 999, due_date: '2026-03-31', description: 'Quota do outro' });
  await created('/api/payments/record', { member: ownMember, date: '2026-02-01', amount: 500, method: 'numerario' });
  ownCard = await created('/api/membership_cards/issue', { member: ownMember });
  const other = await created('/api/members', { name: 'Terceiro Sócio', state: state._id, admission_date: '2025-01-01', fee_category: category });
  otherCard = await created('/api/membership_cards/issue', { member: other });
  const now = server.ctx.now();
  await enqueueMessage(server.database.db, now, { recipient: 'iris@exemplo.pt', subject: 'Bem-vinda', body: 'Olá Íris' });
  await enqueueMessage(server.database.db, now, { recipient: 'outro@exemplo.pt', subject: 'Para outro', body: 'Não é dela' });
});

afterAll(async () => {
  await server?.close();
});

async function explainer(who: keyof typeof token): Promise<ExplainerResponse['data']> {
  const answer = await call(who, 'GET', '/api/explainer');
  expect(answer.statusCode).toBe(200);
  return answer.json<ExplainerResponse>().data;
}

describe('the explainer says what the caller may do', () => {
  it('a member: their own member and user record only, no list, no create, no delete', async () => {
    const data = await explainer('member');
    expect(data.members?.operations).toEqual({ list: 'none', read: 'own', create: 'none', update: 'own', delete: 'none' });
    expect(data.members?.ownRecord).toBe(ownMember);
    expect(data.users?.operations).toEqual({ list: 'none', read: 'own', create: 'none', update: 'own', delete: 'none' });
    expect(data.users?.ownRecord).toBe(memberUser);
    expect(data.unsettled_payments?.operations).toEqual({ list: 'own', read: 'own', create: 'none', update: 'none', delete: 'none' });
    expect(data.membership_cards?.operations?.read).toBe('own');
    // Resources the member may not read at all are not explained.
    expect(data.messages).toBeUndefined();
    expect(data.api_secrets).toBeUndefined();
  });

  it('an editor: everything on members and users but deleting them', async () => {
    const data = await explainer('editor');
    expect(data.members?.operations).toEqual({ list: 'all', read: 'all', create: 'all', update: 'all', delete: 'none' });
    expect(data.users?.operations).toEqual({ list: 'all', read: 'all', create: 'all', update: 'all', delete: 'none' });
    expect(data.members?.ownRecord).toBeUndefined();
  });

  it('an administrator: every operation on members', async () => {
    const data = await explainer('admin');
    expect(data.members?.operations).toEqual({ list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' });
    expect(data.messages?.operations).toEqual({ list: 'all', read: 'all', create: 'none', update: 'none', delete: 'none' });
  });
});

describe('a member exports their own data (RGPD access)', () => {
  it('as JSON: their record, debts, payments, cards and the messages sent to their address, and nobody else’s', async () => {
    const answer = await call('member', 'GET', `/api/members/${ownMember}/export`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="dados-socio-\d+\.json"/);
    const { data } = answer.json<{ data: { member: Record<string, unknown>; sections: { resource: string; records: Record<string, unknown>[] }[] } }>();
    expect(data.member).toMatchObject({ _id: ownMember, name: 'Íris Quaresma', locality: 'Porto' });
    // Staff's notes are not the member's to read, not even in their own export.
    expect(data.member).not.toHaveProperty('notes');
    const section = (name: string) => data.sections.find((s) => s.resource === name)?.records ?? [];
    expect(section('unsettled_payments').map((d) => d.description)).toEqual(['Quota 2026']);
    expect(section('payments').map((p) => p.amount)).toEqual([500]);
    // What they owe today (the quota due in March, less what they paid), as the unpaid list says it.
    expect(section('member_balances').map((b) => [b.open_total, b.upcoming_total])).toEqual([[750, 0]]);
    expect(section('membership_cards')).toHaveLength(1);
    expect(section('membership_cards')[0]).toMatchObject({ member: ownMember });
    expect(section('messages').map((m) => m.subject)).toEqual(['Bem-vinda']);
  });

  it('as CSV: one line per value with pt-PT labels, euros with a decimal comma', async () => {
    const answer = await call('member', 'GET', `/api/members/${ownMember}/export?format=csv`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Secção;Registo;Campo;Valor');
    expect(lines).toContain(`Sócio;${ownMember};Nome;Íris Quaresma`);
    expect(lines.some((l) => /^Pagamentos;\d+;Valor;5,00$/.test(l))).toBe(true);
    expect(lines.some((l) => l.includes('Quota do outro') || l.includes('Para outro') || l.includes('Nota só dos serviços'))).toBe(false);
  });

  it("staff export any member's data, notes included; a member never another's; an unknown format is a 400", async () => {
    const staff = await call('editor', 'GET', `/api/members/${otherMember}/export`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.member.name).toBe('Outro Sócio');
    const own = await call('admin', 'GET', `/api/members/${ownMember}/export`);
    expect(own.json().data.member.notes).toBe('Nota só dos serviços');
    const refused = await call('member', 'GET', `/api/members/${otherMember}/export`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Outro Sócio');
    expect((await call(null, 'GET', `/api/members/${ownMember}/export`)).statusCode).toBe(401);
    const badFormat = await call('member', 'GET', `/api/members/${ownMember}/export?format=xml`);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toMatch(/format=json ou format=csv/);
    expect((await call('admin', 'GET', '/api/members/999999/export')).statusCode).toBe(404);
  });
});

describe('a member downloads their own card', () => {
  const pdf = (who: keyof typeof token, card: number) => server.request({ method: 'GET', url: `/api/membership_cards/${card}`, token: token[who], headers: { accept: 'application/pdf' } });

  it('their own card as a PDF, through an address only they can use', async () => {
    const answer = await pdf('member', ownCard);
    expect(answer.statusCode).toBe(302);
    const url = String(answer.headers.location);
    const file = await server.request({ method: 'GET', url, token: token.member });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The address is the member's: staff asking with it are refused.
    expect((await server.request({ method: 'GET', url, token: token.editor })).statusCode).toBe(403);
  });

  it("never another member's card, which is as if absent", async () => {
    const answer = await pdf('member', otherCard);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.location).toBeUndefined();
    expect((await pdf('editor', otherCard)).statusCode).toBe(302);
  });
});
