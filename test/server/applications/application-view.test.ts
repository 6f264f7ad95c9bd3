// What an application's page reads beyond its record (issue 30): the consent as a text and a
// date, never a hash, and the possible duplicates with what staff compare side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, json, startApplications, type Setup } from './support.js';

let setup: Setup;
let admin: string;
const staffCall = (method: string, url: string, payload?: unknown) => json(setup.server, method, url, payload, setup.staff);

beforeAll(async () => {
  setup = await startApplications();
  admin = (await setup.server.login(await setup.server.createUser('admin'))).access;
});
afterAll(async () => {
  await setup?.server.close();
});

async function setConsentText(value: string) {
  const row = await setup.server.database.db.selectFrom('settings').select('_id').where('name', '=', 'applicationConsentText').executeTakeFirstOrThrow();
  const answer = await json(setup.server, 'PATCH', `/api/settings/${row._id}`, { value }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("an application's consent", () => {
  it('is the text accepted and when, the one in force; after the text changes, the earlier one with the day it changed', async () => {
    const first = (await apply(setup, { email: 'consente@exemplo.pt', nif: '210000066' })).body.data.id;
    const now = await staffCall('GET', `/api/member_applications/${first}/consent`);
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.data).toMatchObject({ current: true, since: null, acceptedAt: expect.any(String) });
    expect(now.body.data.text).toContain('Proteção de Dados');

    setup.server.advance(60_000);
    const changing = new Date(setup.server.ctx.now()).toISOString();
    await setConsentText('Autorizo o tratamento dos meus dados (versão nova).');
    const changed = new Date(setup.server.ctx.now()).toISOString();
    setup.server.advance(60_000);
    const second = (await apply(setup, { email: 'consente2@exemplo.pt', nif: '210000074' })).body.data.id;

    const earlier = (await staffCall('GET', `/api/member_applications/${first}/consent`)).body.data;
    expect(earlier).toMatchObject({ current: false, since: null });
    expect(earlier.text).toContain('Proteção de Dados');
    const later = (await staffCall('GET', `/api/member_applications/${second}/consent`)).body.data;
    expect(later).toEqual({ current: true, since: expect.any(String), text: 'Autorizo o tratamento dos meus dados (versão nova).', acceptedAt: expect.any(String) });
    // Since the text was changed (the settings' history says when).
    expect(later.since >= changing && later.since <= changed, `${changing} <= ${later.since} <= ${changed}`).toBe(true);
    // No hash anywhere in what the page reads.
    expect(JSON.stringify(later)).not.toMatch(/[0-9a-f]{16}/);
  });

  it('says the text is no longer known when no history has it, and nothing for a paper application without consent', async () => {
    const paper = await staffCall('POST', '/api/member_applications', { name: 'Sem Consentimento', fee_category: setup.category });
    expect(paper.status, JSON.stringify(paper.body)).toBe(201);
    expect((await staffCall('GET', `/api/member_applications/${paper.body.data._id}/consent`)).body.data).toEqual({ acceptedAt: null, text: null, current: false, since: null });
    await setup.server.database.db.updateTable('member_applications').set({ consent_version: 'ffffffffffffffff' }).where('_id', '=', Number(paper.body.data._id)).execute();
    expect((await staffCall('GET', `/api/member_applications/${paper.body.data._id}/consent`)).body.data).toMatchObject({ text: null, current: false });
  });

  it('is for staff only, and 404 for an application that does not exist', async () => {
    expect((await json(setup.server, 'GET', '/api/member_applications/1/consent')).status).toBe(401);
    expect((await staffCall('GET', '/api/member_applications/999999/consent')).status).toBe(404);
  });
});

describe("an application's duplicates", () => {
  it('carry the e-mail, NIF, birth date, phone and locality to compare with the applicant', async () => {
    const first = (await apply(setup, { email: 'gemeo@exemplo.pt', nif: '210000082', name: 'Rita Gémea', locality: 'Braga' })).body.data.id;
    const second = (await apply(setup, { email: 'GEMEO@exemplo.pt', nif: '210000090', name: 'Rita Gémea' })).body.data.id;
    const answer = await staffCall('GET', `/api/member_applications/${second}/duplicates`);
    expect(answer.status).toBe(200);
    const twin = answer.body.data.find((d: { id: number; reason: string }) => d.id === first && d.reason === 'email');
    expect(twin).toEqual({
      reason: 'email', source: 'application', id: first, name: 'Rita Gémea', state: 'submitted',
      email: 'gemeo@exemplo.pt', nif: '210000082', birth_date: '1990-05-17', phone: '+351912345678', locality: 'Braga',
    });
  });
});
