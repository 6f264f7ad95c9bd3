import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, applyConfirmed, confirmationCode, json, nextAddress, startApplications, type Setup } from './support.js';
import { loose } from '../../../src/server/db/database.js';

let setup: Setup;
const db = () => setup.server.database.db;
const staffCall = (method: string, url: string, payload?: unknown) => json(setup.server, method, url, payload, setup.staff);
const count = async (table: string) => Number((await loose(db()).selectFrom(table).select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  setup = await startApplications();
});
afterAll(async () => {
  await setup?.server.close();
});

describe('the public form', () => {
  it('describes what the association asks, with a form token', async () => {
    const form = await json(setup.server, 'GET', '/api/member_applications/form', undefined, undefined, nextAddress());
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ minorAge: 18, proposerRequired: false, feeCategories: [{ _id: setup.category, name: 'Efetivo' }] });
    expect(form.body.data.fields).toContainEqual({ name: 'nif', required: true });
    expect(form.body.data.fields).toContainEqual({ name: 'email', required: true });
    expect(form.body.data.consentText).toContain('Proteção de Dados');
    expect(form.body.data.consentVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(form.headers['cache-control']).toBe('no-store');
  });

  it('takes an application, answers only its id and an upload token, and queues the confirmation', async () => {
    const messagesBefore = await count('messages');
    const created = await apply(setup, { email: 'joana.publico@exemplo.pt' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(['id', 'uploadToken']);
    const row = await db().selectFrom('member_applications').selectAll().where('_id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Maria Joana Ferreira', nif: '123456789', state: 'submitted', fee_category: setup.category });
    expect(row.consent_at).toBeTruthy();
    expect(row.verification_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await count('messages')).toBe(messagesBefore + 1);
    const code = await confirmationCode(setup.server, 'joana.publico@exemplo.pt');
    // Only its hash is stored.
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('confirms the e-mail once; the code then says already confirmed', async () => {
    const created = await apply(setup, { email: 'rui.confirma@exemplo.pt' });
    const code = await confirmationCode(setup.server, 'rui.confirma@exemplo.pt');
    const first = await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: code }, undefined, nextAddress());
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ status: 'confirmed' });
    const row = await db().selectFrom('member_applications').select(['state', 'email_confirmed_at']).where('_id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('email_confirmed');
    const again = await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: code }, undefined, nextAddress());
    expect(again.body.data).toEqual({ status: 'already_confirmed' });
    const after = await db().selectFrom('member_applications').select(['email_confirmed_at']).where('_id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(after.email_confirmed_at).toBe(row.email_confirmed_at);
  });

  it('lets a public caller create and nothing else: any application reads as absent', async () => {
    const created = await apply(setup, { email: 'curioso@exemplo.pt' });
    const id = created.body.data.id;
    expect((await json(setup.server, 'GET', `/api/member_applications/${id}`)).status).toBe(404);
    expect((await json(setup.server, 'GET', '/api/member_applications/999999')).status).toBe(404);
    expect((await json(setup.server, 'GET', '/api/member_applications')).status).toBe(401);
    expect((await json(setup.server, 'PATCH', `/api/member_applications/${id}`, { name: 'Outro' })).status).toBe(401);
    expect((await json(setup.server, 'POST', `/api/member_applications/${id}/accept`, {})).status).toBe(401);
    expect((await json(setup.server, 'GET', '/api/member_applications/pending_count')).status).toBe(401);
    expect((await json(setup.server, 'GET', `/api/member_applications/${id}/duplicates`)).status).toBe(401);
  });
});

describe('bad input is refused with a pt-PT message and stores nothing', () => {
  async function refused(extra: Record<string, unknown>, status: number, pattern: RegExp, field?: string) {
    const before = await count('member_applications');
    const messages = await count('messages');
    const answer = await apply(setup, { email: `recusado${Math.random()}@exemplo.pt`, ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(field ? answer.body.errors[field] : answer.body.message).toMatch(pattern);
    expect(await count('member_applications')).toBe(before);
    expect(await count('messages')).toBe(messages);
  }

  it('a filled honeypot (a bot)', () => refused({ website: 'http://spam.example' }, 400, /não pôde ser aceite/));

  it('a form posted faster than a person fills it', async () => {
    const ip = nextAddress();
    const form = await json(setup.server, 'GET', '/api/member_applications/form', undefined, undefined, ip);
    const before = await count('member_applications');
    const answer = await json(setup.server, 'POST', '/api/member_applications', { ...(await import('./support.js')).validApplicant(setup.category), formToken: form.body.data.formToken, consentVersion: form.body.data.consentVersion }, undefined, ip);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/depressa demais/);
    expect(await count('member_applications')).toBe(before);
  });

  it('a forged or missing form token', () => refused({ formToken: 'f.abc.forged' }, 400, /Recarregue a página/));

  it('a NIF with a wrong check digit', () => refused({ nif: '123456780' }, 422, /NIF/i, 'nif'));

  it('a missing required field, and no consent to the current text', async () => {
    await refused({ postal_code: '' }, 422, /obrigatório/, 'postal_code');
    await refused({ consentVersion: 'antiga' }, 422, /consentimento mudou/, 'consent_version');
  });

  it('a minor without their guardian', () => refused({ birth_date: `${setup.year - 10}-01-01` }, 422, /encarregado de educação/, 'guardian_name'));

  it('an unknown or expired confirmation code', async () => {
    const unknown = await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: 'A'.repeat(43) }, undefined, nextAddress());
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('verification_unknown');
    expect(unknown.body.message).toMatch(/não é válida/);
    await apply(setup, { email: 'tarde@exemplo.pt' });
    const code = await confirmationCode(setup.server, 'tarde@exemplo.pt');
    setup.server.advance(8 * 86_400_000);
    const expired = await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: code }, undefined, nextAddress());
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('verification_expired');
    expect(expired.body.message).toMatch(/expirou/);
    await setup.relogin();
  });

  it('too many applications from one address', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await apply(setup, { website: 'bot' }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('no form when the association does not take applications', async () => {
    await db().updateTable('settings').set({ value: 'false' }).where('name', '=', 'hasMemberApplication').execute();
    try {
      expect((await json(setup.server, 'GET', '/api/member_applications/form', undefined, undefined, nextAddress())).status).toBe(404);
    } finally {
      await db().updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasMemberApplication').execute();
    }
  });
});

describe('review and decisions', () => {
  it('accepts: a member with the next number, the first debts, a card, the welcome message; a second accept is a 409 and changes nothing', async () => {
    const created = await applyConfirmed(setup, { email: 'aceite@exemplo.pt', nif: '999999990', name: 'Carlos Aceite' });
    const id = created.body.data.id;
    const top = await db().selectFrom('members').select(db().fn.max('number').as('top')).executeTakeFirst();
    const accepted = await staffCall('POST', `/api/member_applications/${id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const { member, number } = accepted.body.data;
    expect(number).toBe(Number(top?.top ?? 0) + 1);
    const row = await db().selectFrom('members').selectAll().where('_id', '=', member).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Carlos Aceite', nif: '999999990', email: 'aceite@exemplo.pt', fee_category: setup.category, postal_code: '1000-001' });
    const debts = await db().selectFrom('unsettled_payments').select(['kind', 'amount']).where('member', '=', member).orderBy('_id').execute();
    expect(debts.map((d) => d.kind)).toEqual(['joia', 'quota']);
    expect(Number(debts[0]!.amount)).toBe(1000);
    const card = await db().selectFrom('membership_cards').select(['state', 'valid_until']).where('member', '=', member).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ state: 'active', valid_until: `${setup.year}-12-31` });
    const welcome = await db().selectFrom('messages').select(['_id', 'subject', 'body']).where('recipient', '=', 'aceite@exemplo.pt').orderBy('_id', 'desc').executeTakeFirstOrThrow();
    expect(welcome.subject).toBe('Bem-vindo(a) à Associação Cultural de Teste');
    expect(welcome.body).toContain(`sócio n.º ${number}`);
    const application = await staffCall('GET', `/api/member_applications/${id}`);
    expect(application.body.data).toMatchObject({ state: 'accepted', member });
    expect(application.body.data.decided_at).toBeTruthy();

    const counts = { members: await count('members'), debts: await count('unsettled_payments'), cards: await count('membership_cards'), messages: await count('messages') };
    const again = await staffCall('POST', `/api/member_applications/${id}/accept`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/já foi decidida/);
    expect({ members: await count('members'), debts: await count('unsettled_payments'), cards: await count('membership_cards'), messages: await count('messages') }).toEqual(counts);
  });

  it('rejects with a reason and a polite message; withdrawn ones cannot be accepted', async () => {
    const created = await apply(setup, { email: 'recusada@exemplo.pt', nif: '210000007' });
    const id = created.body.data.id;
    const noReason = await staffCall('POST', `/api/member_applications/${id}/reject`, {});
    expect(noReason.status).toBe(422);
    const rejected = await staffCall('POST', `/api/member_applications/${id}/reject`, { reason: 'As quotas desta categoria estão suspensas.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toEqual({ state: 'rejected' });
    const message = await db().selectFrom('messages').select(['subject', 'body']).where('recipient', '=', 'recusada@exemplo.pt').orderBy('_id', 'desc').executeTakeFirstOrThrow();
    expect(message.body).toContain('As quotas desta categoria estão suspensas.');
    const row = await db().selectFrom('member_applications').select(['state', 'reject_reason', 'decided_by', 'decided_at']).where('_id', '=', id).executeTakeFirstOrThrow();
    expect(row.reject_reason).toBe('As quotas desta categoria estão suspensas.');
    expect(row.decided_by).not.toBeNull();

    const other = (await apply(setup, { email: 'desiste@exemplo.pt', nif: '210000015' })).body.data.id;
    expect((await staffCall('POST', `/api/member_applications/${other}/withdraw`, {})).body.data).toEqual({ state: 'withdrawn' });
    expect((await staffCall('POST', `/api/member_applications/${other}/accept`, {})).status).toBe(409);
  });

  it('accepts many, each on its own, and says why the others were refused', async () => {
    const a = (await applyConfirmed(setup, { email: 'lote1@exemplo.pt', nif: '210000023' })).body.data.id;
    const b = (await apply(setup, { email: 'lote2@exemplo.pt', nif: '210000031' })).body.data.id;
    await staffCall('POST', `/api/member_applications/${b}/withdraw`, {});
    const answer = await staffCall('POST', '/api/member_applications/accept_many', { ids: [a, b] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.accepted).toEqual([{ id: a, member: expect.any(Number) }]);
    expect(answer.body.data.refused).toEqual([{ id: b, message: expect.stringMatching(/já foi decidida/) }]);
  });

  it('shows duplicates by NIF, e-mail, or name and birth date, and flags them in the list', async () => {
    const first = (await apply(setup, { email: 'dup@exemplo.pt', nif: '501964843', name: 'Ana Duplicada' })).body.data.id;
    const second = (await apply(setup, { email: 'DUP@exemplo.pt', nif: '210000040', name: 'Ana Duplicada' })).body.data.id;
    const answer = await staffCall('GET', `/api/member_applications/${second}/duplicates`);
    expect(answer.status).toBe(200);
    const reasons = answer.body.data.filter((d: { source: string; id: number }) => d.source === 'application' && d.id === first).map((d: { reason: string }) => d.reason).sort();
    expect(reasons).toEqual(['email', 'name_birth']);
    const flagged = await staffCall('GET', `/api/member_applications?_duplicated=sim&_limit=100`);
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    expect(flagged.body.data.map((r: { _id: number }) => r._id)).toEqual(expect.arrayContaining([first, second]));
    expect(flagged.body.data.find((r: { _id: number }) => r._id === second).duplicates).toBe(1);
  });

  it('counts pending applications: confirmed ones, or every open one when confirmation is not required', async () => {
    const before = (await staffCall('GET', '/api/member_applications/pending_count')).body.data.count;
    await apply(setup, { email: 'pendente@exemplo.pt', nif: '210000058' });
    expect((await staffCall('GET', '/api/member_applications/pending_count')).body.data.count).toBe(before);
    const code = await confirmationCode(setup.server, 'pendente@exemplo.pt');
    await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: code }, undefined, nextAddress());
    expect((await staffCall('GET', '/api/member_applications/pending_count')).body.data.count).toBe(before + 1);
    const listed = await staffCall('GET', '/api/member_applications?_pending=sim&_limit=1');
    expect(listed.body.meta.total).toBe(before + 1);
    await db().updateTable('settings').set({ value: 'false' }).where('name', '=', 'applicationConfirmationRequired').execute();
    const open = Number((await db().selectFrom('member_applications').select(db().fn.countAll().as('n')).where('state', 'in', ['submitted', 'email_confirmed']).executeTakeFirstOrThrow()).n);
    expect((await staffCall('GET', '/api/member_applications/pending_count')).body.data.count).toBe(open);
    await db().updateTable('settings').set({ value: 'true' }).where('name', '=', 'applicationConfirmationRequired').execute();
  });

  it('lets staff type in a paper application without form token or e-mail; it waits for no confirmation', async () => {
    const before = (await staffCall('GET', '/api/member_applications/pending_count')).body.data.count;
    const created = await staffCall('POST', '/api/member_applications', { name: 'Joaquim Papel', locality: 'Évora', fee_category: setup.category });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Joaquim Papel', state: 'submitted' });
    expect((await staffCall('GET', '/api/member_applications/pending_count')).body.data.count).toBe(before + 1);
    const accepted = await staffCall('POST', `/api/member_applications/${created.body.data._id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it('while the settings require the confirmation, an unconfirmed application is not accepted (409, nothing changes); confirmed, or with the setting off, it is', async () => {
    const first = (await apply(setup, { email: 'por.confirmar@exemplo.pt', nif: '210000066' })).body.data.id;
    const counts = { members: await count('members'), messages: await count('messages') };
    const refused = await staffCall('POST', `/api/member_applications/${first}/accept`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'email_not_confirmed', message: expect.stringMatching(/^O candidato ainda não confirmou o endereço de e-mail/) });
    const many = await staffCall('POST', '/api/member_applications/accept_many', { ids: [first] });
    expect(many.body.data).toEqual({ accepted: [], refused: [{ id: first, message: refused.body.message }] });
    expect({ members: await count('members'), messages: await count('messages') }).toEqual(counts);
    expect((await db().selectFrom('member_applications').select('state').where('_id', '=', first).executeTakeFirstOrThrow()).state).toBe('submitted');

    const code = await confirmationCode(setup.server, 'por.confirmar@exemplo.pt');
    await json(setup.server, 'POST', '/api/member_applications/verifyEmail', { verificationCode: code }, undefined, nextAddress());
    expect((await staffCall('POST', `/api/member_applications/${first}/accept`, {})).status).toBe(200);

    const second = (await apply(setup, { email: 'sem.exigencia@exemplo.pt', nif: '210000074' })).body.data.id;
    await db().updateTable('settings').set({ value: 'false' }).where('name', '=', 'applicationConfirmationRequired').execute();
    try {
      const accepted = await staffCall('POST', `/api/member_applications/${second}/accept`, {});
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    } finally {
      await db().updateTable('settings').set({ value: 'true' }).where('name', '=', 'applicationConfirmationRequired').execute();
    }
  });
});
