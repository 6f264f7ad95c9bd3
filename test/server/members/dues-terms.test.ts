// Every member pays quotas in a category from an admission date, or is explicitly exempt: a
// create (or an edit of those terms) without them is refused with pt-PT messages by field, the
// same ones `POST /members/validate` answers; an application without a category is not accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ADMISSION, MISSING_CATEGORY } from '../../../src/server/modules/members/dues-terms.js';
import { startApplications, json, type Setup } from '../applications/support.js';

const NO_CATEGORY = 'A candidatura não indica a categoria de quota do novo sócio: escolha-a na candidatura antes de a aceitar.';

let setup: Setup;
let active: number;

const staffCall = (method: string, url: string, payload?: unknown) => json(setup.server, method, url, payload, setup.staff);
const memberCount = async () => (await staffCall('GET', '/api/members?_limit=-1')).body.data.length as number;

beforeAll(async () => {
  setup = await startApplications();
  const db = setup.server.database.db;
  active = Number((await db.selectFrom('member_states').select('_id').where('name', '=', 'Ativo').executeTakeFirstOrThrow())._id);
});
afterAll(async () => {
  await setup?.server.close();
});

describe('the dues terms of a member', () => {
  it('refuses a member with neither category nor admission date, nor exemption, naming both fields, and saves nothing', async () => {
    const before = await memberCount();
    const answer = await staffCall('POST', '/api/members', { name: 'Sem Termos', state: active });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ fee_category: MISSING_CATEGORY, admission_date: MISSING_ADMISSION });
    expect(MISSING_CATEGORY).toBe('Indique a categoria de quota, ou marque o sócio como isento de quotas.');
    const half = await staffCall('POST', '/api/members', { name: 'Meio Termo', state: active, fee_category: setup.category });
    expect(half.status).toBe(422);
    expect(half.body.errors).toEqual({ admission_date: MISSING_ADMISSION });
    expect(await memberCount()).toBe(before);
  });

  it('answers the same messages to the form before it saves (POST /members/validate)', async () => {
    const answer = await staffCall('POST', '/api/members/validate', { name: 'Sem Termos', state: active, admission_date: '2026-01-05' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ fee_category: MISSING_CATEGORY });
  });

  it('saves a paying member with both, and an exempt member with neither', async () => {
    const paying = await staffCall('POST', '/api/members', { name: 'Paula Pagante', state: active, fee_category: setup.category, admission_date: `${setup.year}-01-05` });
    expect(paying.status, JSON.stringify(paying.body)).toBe(201);
    const exempt = await staffCall('POST', '/api/members', { name: 'Ivo Isento', state: active, dues_exempt: true });
    expect(exempt.status, JSON.stringify(exempt.body)).toBe(201);
    expect(exempt.body.data).toMatchObject({ dues_exempt: true, fee_category: null, admission_date: null });
  });

  it('checks an edit that touches the terms, not one of other fields of a member kept before the rule', async () => {
    const exempt = (await staffCall('POST', '/api/members', { name: 'Olga Isenta', state: active, dues_exempt: true })).body.data;
    const undone = await staffCall('PATCH', `/api/members/${exempt._id}`, { dues_exempt: false });
    expect(undone.status).toBe(422);
    expect(undone.body.errors).toEqual({ fee_category: MISSING_CATEGORY, admission_date: MISSING_ADMISSION });
    expect((await staffCall('GET', `/api/members/${exempt._id}`)).body.data.dues_exempt).toBe(true);
    const paying = await staffCall('PATCH', `/api/members/${exempt._id}`, { dues_exempt: false, fee_category: setup.category, admission_date: `${setup.year}-02-01` });
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect((await staffCall('PATCH', `/api/members/${exempt._id}`, { fee_category: null })).body.errors).toEqual({ fee_category: MISSING_CATEGORY });

    // A member from before the rule, with no terms: their phone can still change.
    const old = await setup.server.database.db
      .insertInto('members')
      .values({ number: 9000, name: 'Antigo Sem Termos', state: active, dues_exempt: 0, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), _version: 1 })
      .returning('_id')
      .executeTakeFirstOrThrow();
    expect((await staffCall('PATCH', `/api/members/${old._id}`, { phone: '912345678' })).status).toBe(200);
  });
});

describe('accepting an application', () => {
  it('without a category is refused (422, a pt-PT message naming the category) and creates no member; with one chosen, it is accepted', async () => {
    const paper = await staffCall('POST', '/api/member_applications', { name: 'Joana Sem Categoria', locality: 'Évora' });
    expect(paper.status, JSON.stringify(paper.body)).toBe(201);
    const id = Number(paper.body.data._id);
    const before = await memberCount();
    const refused = await staffCall('POST', `/api/member_applications/${id}/accept`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(NO_CATEGORY);
    expect(await memberCount()).toBe(before);
    expect((await staffCall('GET', `/api/member_applications/${id}`)).body.data.state).toBe('submitted');
    const many = await staffCall('POST', '/api/member_applications/accept_many', { ids: [id] });
    expect(many.body.data).toEqual({ accepted: [], refused: [{ id, message: NO_CATEGORY }] });

    expect((await staffCall('PATCH', `/api/member_applications/${id}`, { fee_category: setup.category })).status).toBe(200);
    const accepted = await staffCall('POST', `/api/member_applications/${id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const member = (await staffCall('GET', `/api/members/${accepted.body.data.member}`)).body.data;
    expect(member).toMatchObject({ fee_category: setup.category, dues_exempt: false });
    expect(member.admission_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
