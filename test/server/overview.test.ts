import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewFigure as Figure } from '../../src/core/contract.js';
import { enqueueJob } from '../../src/server/jobs/store.js';
import { startResourceServer, type ResourceTestServer } from './resources/support.js';

// The staff home's figures (GET /api/overview): each one is the total of the list it links to,
// under the filters it names, and its money the sum of that list's rows. Checked here against
// the list endpoint itself, on both engines, with a ledger whose every figure is known.

let server: ResourceTestServer;
let admin: string;
let editor: string;
/** The server's clock, fixed: 28 November 2026 in Lisbon. */
const now = Date.parse('2026-11-28T10:00:00Z');

const post = async (url: string, body: unknown) => {
  const answer = await server.json('POST', url, admin, body);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};

async function member(name: string): Promise<number> {
  const state = await server.stateId('Ativo');
  return Number((await post('/api/members', { dues_exempt: true, name, state })).data._id);
}

const raise = (memberId: number, amount: number, due_date: string) =>
  post('/api/unsettled_payments/raise', { member: memberId, kind: 'other', year: 2026, amount, due_date, description: `Dívida de ${due_date}` });

async function pay(memberId: number, amount: number, date: string): Promise<number> {
  const answer = await post('/api/payments/record', { member: memberId, amount, date, method: 'numerario' });
  return Number(answer.data.payment._id);
}

async function overview(token: string): Promise<Figure[]> {
  const answer = await server.json('GET', '/api/overview', token);
  expect(answer.status).toBe(200);
  expect(answer.body.data.today).toBe('2026-11-28');
  return answer.body.data.figures as Figure[];
}

/** The list a figure links to, every row, as staff read it. */
async function listOf(figure: Figure, token: string) {
  const query = new URLSearchParams({ _limit: '-1' });
  for (const [key, value] of Object.entries(figure.list.constraints)) query.set(`_${key}`, value);
  const answer = await server.json('GET', `/api/${figure.list.resource}?${query}`, token);
  expect(answer.status).toBe(200);
  return answer.body as { data: Record<string, unknown>[]; meta: { total: number } };
}

const byKey = (figures: Figure[], key: string) => {
  const found = figures.find((f) => f.key === key);
  if (!found) throw new Error(`no figure ${key} in ${figures.map((f) => f.key).join(', ')}`);
  return found;
};

beforeAll(async () => {
  server = await startResourceServer();
  server.ctx.now = () => now;
  admin = (await server.as('admin')).token;
  editor = (await server.as('editor')).token;
  expect((await server.putSetting(admin, 'hasMemberApplication', 'true')).status).toBeLessThan(300);

  // In arrears: Ana (15 €, due in October) and Bruno (20 €, due on the 1st, 5 € paid this month).
  const ana = await member('Ana Lopes');
  await raise(ana, 1500, '2026-10-01');
  const bruno = await member('Bruno Reis');
  await raise(bruno, 2000, '2026-11-01');
  await pay(bruno, 500, '2026-11-20');
  // Not in arrears: Carla's debt falls due next month; she paid it in October (last month).
  const carla = await member('Carla Sousa');
  await raise(carla, 1000, '2026-12-15');
  await pay(carla, 1000, '2026-10-30');
  // Duarte paid 7 € on the 2nd and the payment was annulled: counted in the list, not received.
  const duarte = await member('Duarte Neves');
  const annulled = await pay(duarte, 700, '2026-11-02');
  await post(`/api/payments/${annulled}/annul`, { reason: 'Registado por engano' });
  // Eva paid 12,50 € today.
  await pay(await member('Eva Matos'), 1250, '2026-11-28');

  // Two applications typed in from paper (waiting for a decision), one withdrawn.
  await post('/api/member_applications', { name: 'Filipa Costa' });
  await post('/api/member_applications', { name: 'Gonçalo Pires' });
  const withdrawn = Number((await post('/api/member_applications', { name: 'Hugo Dias' })).data._id);
  await post(`/api/member_applications/${withdrawn}/withdraw`, {});

  // The outbox: what the actions above queued, one more waiting, two that failed, one sent.
  const { db } = server.database;
  const stamp = new Date(now).toISOString();
  for (const status of ['pending', 'failed', 'failed', 'sent'] as const) {
    await db.insertInto('messages').values({ recipient: 'a@exemplo.pt', subject: 'Aviso', body: 'Texto', status, attempts: 1, created_at: stamp, updated_at: stamp }).execute();
  }
  // One job running, one waiting.
  const running = await enqueueJob(db, { name: 'dues.generate', key: 'overview:running' }, now);
  await db.updateTable('jobs').set({ state: 'running' }).where('_id', '=', running._id).execute();
  await enqueueJob(db, { name: 'dues.generate', key: 'overview:queued' }, now);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/overview', () => {
  it('counts each figure as the list it links to, and adds up that list’s money', async () => {
    const figures = await overview(admin);
    expect(figures.map((f) => f.key)).toEqual(['applications', 'arrears', 'payments', 'messages-pending', 'messages-failed', 'jobs']);
    for (const figure of figures) {
      const list = await listOf(figure, admin);
      expect(figure.count, figure.key).toBe(list.meta.total);
      expect(figure.count, figure.key).toBe(list.data.length);
      expect(figure.exact).toBe(true);
    }

    const arrears = byKey(figures, 'arrears');
    expect(arrears).toMatchObject({ label: 'Sócios em atraso', count: 2, amount: { label: 'Total em dívida', cents: 1500 + 1500 }, list: { resource: 'member_balances', constraints: { standing: 'em_atraso' } } });
    const owedInList = (await listOf(arrears, admin)).data.reduce((sum, row) => sum + Number(row.open_total), 0);
    expect(arrears.amount!.cents).toBe(owedInList);
    expect((await listOf(arrears, admin)).data.map((row) => row.name).sort()).toEqual(['Ana Lopes', 'Bruno Reis']);

    const payments = byKey(figures, 'payments');
    expect(payments).toMatchObject({ count: 3, amount: { label: 'Recebido', cents: 500 + 1250 }, aside: 'dos quais 1 anulado' });
    expect(payments.list).toEqual({ resource: 'payments', constraints: { date_gte: '2026-11-01', date_lte: '2026-11-30' } });
    const receivedInList = (await listOf(payments, admin)).data.filter((row) => row.annulled_at === null).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(payments.amount!.cents).toBe(receivedInList);

    expect(byKey(figures, 'applications')).toMatchObject({ label: 'Candidaturas à espera de decisão', count: 2, list: { resource: 'member_applications', constraints: { pending: 'sim' } } });
    expect(byKey(figures, 'messages-failed').count).toBe(2);
    expect(byKey(figures, 'messages-pending').count).toBeGreaterThanOrEqual(1);
    expect(byKey(figures, 'jobs')).toMatchObject({ count: 1, list: { resource: 'jobs', constraints: { state: 'running' } } });
  });

  it('follows the calendar: a debt falling due makes a member in arrears the next day', async () => {
    const late = await member('Inês Rocha');
    await raise(late, 900, '2026-11-29');
    expect(byKey(await overview(admin), 'arrears')).toMatchObject({ count: 2, amount: { cents: 3000 } });
    const saved = server.ctx.now;
    server.ctx.now = () => Date.parse('2026-11-29T09:00:00Z');
    try {
      const figures = (await server.json('GET', '/api/overview', admin)).body.data.figures as Figure[];
      const arrears = byKey(figures, 'arrears');
      expect(arrears).toMatchObject({ count: 3, amount: { cents: 3900 } });
      expect(arrears.count).toBe((await listOf(arrears, admin)).meta.total);
    } finally {
      server.ctx.now = saved;
    }
  });

  it('shows an editor only the lists an editor sees (no jobs), and no applications while they are off', async () => {
    expect((await overview(editor)).map((f) => f.key)).toEqual(['applications', 'arrears', 'payments', 'messages-pending', 'messages-failed']);
    expect((await server.putSetting(admin, 'hasMemberApplication', 'false')).status).toBeLessThan(300);
    try {
      expect((await overview(editor)).map((f) => f.key)).not.toContain('applications');
    } finally {
      await server.putSetting(admin, 'hasMemberApplication', 'true');
    }
  });

  it('is for staff: 401 without a session, 403 for a member', async () => {
    expect((await server.json('GET', '/api/overview', undefined)).status).toBe(401);
    const own = await member('João Silva');
    const { token } = await server.as('member', { memberId: own });
    const refused = await server.json('GET', '/api/overview', token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
  });
});
