// A member added by hand who looks like one already kept is refused (409 probable_duplicate)
// until staff confirm; a member exempt from quotas is never charged by the year's generation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from '../resources/support.js';
import { generateYear } from '../../../src/server/modules/dues/generation.js';

let server: ResourceTestServer;
let staff: string;
let active: number;
let category: number;
let ana: { _id: number; number: number };

const post = (url: string, body: unknown) => server.json('POST', url, staff, body);
const base = () => ({ state: active, fee_category: category, admission_date: '2025-01-10' });

beforeAll(async () => {
  server = await startResourceServer();
  staff = (await server.as('editor')).token;
  active = await server.stateId('Ativo');
  category = Number((await post('/api/fee_categories', { name: 'Efetivo' })).body.data._id);
  expect((await post('/api/fee_schedules', { year: 2026, category, amount: 2400, periodicity: 'annual', due_day: 31 })).status).toBe(201);
  const created = await post('/api/members', { ...base(), name: 'Ana Lopes', nif: '123456789', email: 'ana@exemplo.pt', birth_date: '1980-05-02' });
  expect(created.status).toBe(201);
  ana = created.body.data;
});
afterAll(async () => {
  await server?.close();
});

describe('a probable duplicate', () => {
  it('refuses a second member with the same NIF, naming the other member and their number, and saves nothing', async () => {
    const before = (await server.json('GET', '/api/members?_limit=-1', staff)).body.data.length;
    const answer = await post('/api/members', { ...base(), name: 'Ana M. Lopes', nif: '123456789' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('probable_duplicate');
    expect(answer.body.message).toBe(`O NIF 123456789 já é do sócio n.º ${ana.number}, Ana Lopes. Confirme se quer mesmo criar outro sócio com estes dados.`);
    expect(answer.body.confirm).toBe('confirm_duplicate');
    expect(answer.body.duplicates).toEqual([{ reason: 'nif', id: ana._id, number: ana.number, name: 'Ana Lopes' }]);
    expect((await server.json('GET', '/api/members?_limit=-1', staff)).body.data.length).toBe(before);
  });

  it('saves it once staff confirm, and never stores the confirmation', async () => {
    const answer = await post('/api/members', { ...base(), name: 'Ana M. Lopes', nif: '123456789', confirm_duplicate: true });
    expect(answer.status).toBe(201);
    expect(answer.body.data).not.toHaveProperty('confirm_duplicate');
    expect(answer.body.data.nif).toBe('123456789');
  });

  it('warns of the same e-mail whatever its case, and of the same name and birth date', async () => {
    const email = await post('/api/members', { ...base(), name: 'Rui Lopes', email: 'ANA@exemplo.pt' });
    expect(email.status).toBe(409);
    expect(email.body.message).toContain(`O e-mail ana@exemplo.pt já é do sócio n.º ${ana.number}, Ana Lopes.`);
    expect(email.body.duplicates).toContainEqual({ reason: 'email', id: ana._id, number: ana.number, name: 'Ana Lopes' });
    const person = await post('/api/members', { ...base(), name: 'ana lopes', birth_date: '1980-05-02' });
    expect(person.status).toBe(409);
    expect(person.body.message).toContain(`Já existe um sócio com o mesmo nome e data de nascimento: n.º ${ana.number}, Ana Lopes.`);
  });

  it('applies to edits that make a member look like another, not to edits of other fields', async () => {
    const eva = (await post('/api/members', { ...base(), name: 'Eva Rocha', nif: '999999990' })).body.data;
    expect((await server.json('PATCH', `/api/members/${eva._id}`, staff, { phone: '912345678' })).status).toBe(200);
    const edit = await server.json('PATCH', `/api/members/${eva._id}`, staff, { email: 'ana@exemplo.pt' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(`O e-mail ana@exemplo.pt já é do sócio n.º ${ana.number}, Ana Lopes. Confirme se quer mesmo guardar este sócio com estes dados.`);
    expect((await server.json('GET', `/api/members/${eva._id}`, staff)).body.data.email).toBeNull();
    expect((await server.json('PATCH', `/api/members/${eva._id}`, staff, { email: 'ana@exemplo.pt', confirm_duplicate: true })).status).toBe(200);
    // A member saved again with their own data is no duplicate of themselves.
    expect((await server.json('PATCH', `/api/members/${ana._id}`, staff, { nif: '123456789', name: 'Ana Lopes' })).status).toBe(200);
  });
});

describe('exempt from quotas', () => {
  it('is a field of the member, off by default; the generation charges the others and not them', async () => {
    const paying = (await post('/api/members', { ...base(), name: 'Paulo Pagante' })).body.data;
    expect(paying.dues_exempt).toBe(false);
    const exempt = (await post('/api/members', { ...base(), name: 'Isaura Isenta', dues_exempt: true })).body.data;
    expect(exempt.dues_exempt).toBe(true);
    const report = await generateYear(server.database.db, 2026, Date.parse('2026-01-02T10:00:00Z'));
    // The launch's report: members charged (Ana, her confirmed namesake, Eva, Paulo; not Isaura), debts raised, their total.
    expect(report).toMatchObject({ year: 2026, members: 4, raised: 4, total: 4 * 2400 });
    // A second run raises nothing, and says so.
    expect(await generateYear(server.database.db, 2026, Date.parse('2026-01-03T10:00:00Z'))).toMatchObject({ members: 0, raised: 0, total: 0 });
    const debts = async (id: number) => (await server.json('GET', `/api/members/${id}/unsettled_payments?_limit=-1`, staff)).body.data as { kind: string; amount: number }[];
    expect((await debts(paying._id)).filter((d) => d.kind === 'quota').map((d) => d.amount)).toEqual([2400]);
    expect(await debts(exempt._id)).toEqual([]);
  });
});
