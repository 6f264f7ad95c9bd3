import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { NOTIFY_INLINE_MAX, notifyJob } from '../../../src/server/modules/reminders/notify.js';
import { admittedToday } from '../support/dues-terms.js';

// Notify many (paymentsNotifyMultiple): a reminder stage's message to every member the unpaid
// list's filters select, one outbox message each under `notify:{batchKey}:{member}`.

let server: ResourceTestServer;
let staff: string;
let memberToken: string;
let active: number;
let ending: number;
const now = Date.parse('2026-02-20T10:00:00Z');
let counter = 0;

const post = (url: string, body: unknown, token = staff) => server.json('POST', url, token, body);
const db = () => server.database.db;

async function category(): Promise<number> {
  counter += 1;
  const answer = await post('/api/fee_categories', { name: `Categoria notificar ${counter}` });
  expect(answer.status).toBe(201);
  return Number(answer.body.data._id);
}

async function member(name: string, fee_category: number, extra: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const answer = await post('/api/members', { name, state: active, ...admittedToday(server, fee_category), email: `notificar${counter}@exemplo.pt`, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

async function debt(memberId: number, year: number, amount: number, due_date: string) {
  const answer = await post('/api/unsettled_payments/raise', { member: memberId, kind: 'other', year, amount, due_date, description: `Quota ${year}` });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function stage(): Promise<number> {
  counter += 1;
  const answer = await post('/api/reminder_stages', {
    name: `Notificação ${counter}`, category: null, offset_days: 3000 - counter, channel: 'email', active: 0,
    subject: 'Aviso de {associacao}', body: 'Olá {primeiro_nome}, deve {total}.\n{dividas}',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.body.data._id);
}

const keyed = (batchKey: string) => db().selectFrom('messages').selectAll().where('dedupe_key', 'like', `notify:${batchKey}:%`).orderBy('dedupe_key').execute();

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  ending = await server.stateId('Desistente');
  const someone = await member('Alguém', await category());
  memberToken = (await server.as('member', { memberId: someone })).token;
});
afterAll(async () => {
  await server?.close();
});

describe('POST /reminder_stages/{id}/notify', () => {
  it('queues one message per selected member, keyed by the batch, skipping ending states and members without e-mail', async () => {
    const cat = await category();
    const other = await category();
    const ana = await member('Ana Lopes', cat);
    const rui = await member('Rui Sá', cat);
    const quit = await member('Zé Saiu', cat, { state: ending });
    const mute = await member('Sem Correio', cat, { email: null });
    const current = await member('Em Dia', cat);
    const elsewhere = await member('Outra Categoria', other);
    await debt(ana, 2025, 1200, '2025-12-31');
    await debt(ana, 2026, 1500, '2026-01-31');
    await debt(rui, 2026, 2000, '2026-01-31');
    await debt(quit, 2026, 2000, '2026-01-31');
    await debt(mute, 2026, 2000, '2026-01-31');
    await debt(current, 2026, 2000, '2026-12-31');
    await debt(elsewhere, 2026, 2000, '2026-01-31');
    const id = await stage();

    const answer = await post(`/api/reminder_stages/${id}/notify`, { batch_key: 'lote-00000001', standing: 'em_atraso', category: cat });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ members: 4, queued: 2, skipped: 2, job: null });
    const messages = await keyed('lote-00000001');
    expect(messages.map((m) => m.dedupe_key)).toEqual([`notify:lote-00000001:${ana}`, `notify:lote-00000001:${rui}`].sort());
    const toAna = messages.find((m) => m.dedupe_key === `notify:lote-00000001:${ana}`)!;
    expect(toAna.status).toBe('pending');
    expect(toAna.body).toContain('Olá Ana, deve 27,00');
    expect(toAna.body).toContain('Quota 2025');

    // The same batch again (a double click) queues nothing more.
    const again = await post(`/api/reminder_stages/${id}/notify`, { batch_key: 'lote-00000001', standing: 'em_atraso', category: cat });
    expect(again.status).toBe(200);
    expect(await keyed('lote-00000001')).toHaveLength(2);

    // Years owed narrows the selection: only Ana owes two years.
    const years = await post(`/api/reminder_stages/${id}/notify`, { batch_key: 'lote-00000002', category: cat, years_owed_gte: 2 });
    expect(years.body.data).toMatchObject({ members: 1, queued: 1, skipped: 0 });
    expect((await keyed('lote-00000002')).map((m) => m.dedupe_key)).toEqual([`notify:lote-00000002:${ana}`]);
  });

  it('refuses a bad batch key, a selection of nobody and a member caller, queuing nothing', async () => {
    const cat = await category();
    const id = await stage();
    const before = (await db().selectFrom('messages').select('_id').execute()).length;
    const bad = await post(`/api/reminder_stages/${id}/notify`, { batch_key: 'x y', category: cat });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.batch_key).toContain('Identificador do envio inválido');
    const none = await post(`/api/reminder_stages/${id}/notify`, { batch_key: 'lote-vazio-01', category: cat });
    expect(none.status).toBe(422);
    expect(none.body.errors.standing).toBe('Nenhum sócio corresponde a estes filtros.');
    const missing = await post(`/api/reminder_stages/${id}/notify`, { category: cat });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.batch_key).toBeTruthy();
    expect((await post(`/api/reminder_stages/${id}/notify`, { batch_key: 'lote-membro-01' }, memberToken)).status).toBe(403);
    expect((await db().selectFrom('messages').select('_id').execute()).length).toBe(before);
  });

  it('sends a large batch through a job that reads the selection again, in steps that each commit, with progress, and whose retry adds nothing', async () => {
    expect(NOTIFY_INLINE_MAX).toBeGreaterThan(0);
    const cat = await category();
    const members = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await member(`Sócio Lote ${i}`, cat);
      await debt(id, 2026, 1000, '2026-01-31');
      members.push(id);
    }
    const id = await stage();
    const steps: Array<[number, number]> = [];
    const run = () =>
      notifyJob.run({
        db: db(),
        payload: { stage: id, batchKey: 'lote-grande-01', selection: { standing: 'em_atraso', category: cat, yearsOwedFrom: null } },
        ctx: server.ctx,
        job: {} as never,
        progress: (done, total) => {
          steps.push([done, total]);
          return Promise.resolve();
        },
      });
    expect(await run()).toEqual({ queued: 3, skipped: 0 });
    expect(steps.at(-1)).toEqual([3, 3]);
    expect((await keyed('lote-grande-01')).map((m) => m.dedupe_key)).toEqual(members.map((m) => `notify:lote-grande-01:${m}`).sort());
    await run();
    expect(await keyed('lote-grande-01')).toHaveLength(3);
  });
});
