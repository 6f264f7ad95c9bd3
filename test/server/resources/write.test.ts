import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startResourceServer, type ResourceTestServer } from './support.js';

let server: ResourceTestServer;
let token: string;
let active: number;
beforeEach(async () => {
  server = await startResourceServer();
  ({ token } = await server.as('admin'));
  active = await server.stateId('Ativo');
});
afterEach(() => server.close());

const countMembers = async () => Number((await server.database.db.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('create, read, update, delete', () => {
  it('creates with the next free number, reads, replaces, patches and deletes', async () => {
    const first = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana Silva', state: active, nif: '123456789', postal_code: '1000-001' });
    expect(first.status).toBe(201);
    // No country given: a new member lives in Portugal.
    expect(first.body.data).toMatchObject({ number: 1, name: 'Ana Silva', nif: '123456789', tags: [], country: expect.any(Number) });
    await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Bruno', state: active, number: 41 });
    const third = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Carla', state: active });
    expect(third.body.data.number).toBe(42);

    const id = first.body.data._id;
    const read = await server.json('GET', `/api/members/${id}`, token);
    expect(read.body.data).toEqual(first.body.data);

    const patched = await server.json('PATCH', `/api/members/${id}`, token, { locality: 'Braga' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Ana Silva', locality: 'Braga', nif: '123456789' });

    const replaced = await server.json('PUT', `/api/members/${id}`, token, { ...patched.body.data, name: 'Ana Sá', nif: undefined });
    expect(replaced.body.data).toMatchObject({ name: 'Ana Sá', locality: 'Braga', nif: null, number: 1 });

    expect((await server.json('DELETE', `/api/members/${id}`, token)).status).toBe(204);
    expect((await server.json('GET', `/api/members/${id}`, token)).status).toBe(404);
    expect((await server.json('PATCH', `/api/members/${id}`, token, { name: 'X' })).status).toBe(404);
    expect((await server.json('DELETE', `/api/members/${id}`, token)).status).toBe(404);
    expect((await server.json('GET', '/api/members/abc', token)).status).toBe(400);
  });

  it('refuses to delete a record in use with 409 and keeps it', async () => {
    await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: active });
    const response = await server.json('DELETE', `/api/member_states/${active}`, token);
    expect(response.status).toBe(409);
    expect((await server.json('GET', `/api/member_states/${active}`, token)).status).toBe(200);
  });
});

describe('validation', () => {
  it('answers 422 with pt-PT field messages and saves nothing', async () => {
    const response = await server.json('POST', '/api/members', token, {
      dues_exempt: true, nif: '123456780', postal_code: '1000', email: 'não-é-email', birth_date: '2020-02-30', state: 9999, number: 'sete', tags: [1, 'x'],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: 'Campo obrigatório.',
      nif: expect.stringContaining('NIF inválido'),
      postal_code: expect.stringContaining('NNNN-NNN'),
      email: 'Endereço de e-mail inválido.',
      birth_date: expect.stringContaining('Data inválida'),
      state: expect.stringContaining('Não existe'),
      number: 'Deve ser um número inteiro.',
      tags: expect.stringContaining('identificadores'),
    });
    expect(await countMembers()).toBe(0);
  });

  it('links a record named twice in a list of references once, and refuses one that does not exist', async () => {
    const tag = Number((await server.json('POST', '/api/tags', token, { name: 'Coro' })).body.data._id);
    const missing = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: active, tags: [tag, tag + 1000] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ tags: 'Não existe algum dos registos indicados em "Etiquetas".' });
    expect(await countMembers()).toBe(0);
    const twice = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: active, tags: [tag, tag] });
    expect(twice.status).toBe(201);
    expect(twice.body.data.tags).toEqual([tag]);
  });

  it('rejects wrong types with 422, not 500', async () => {
    for (const [field, value] of [['name', 42], ['name', { a: 1 }], ['state', true], ['tags', 'x'], ['country', '1.5'], ['phone', 'abc'], ['birth_date', 20240101]] as const) {
      const response = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: active, [field]: value });
      expect(response.status, `${field}=${JSON.stringify(value)}`).toBe(422);
      expect(response.body.errors[field]).toBeTruthy();
    }
    const flag = await server.json('POST', '/api/member_states', token, { name: 'Novo', marksEnd: 'talvez' });
    expect(flag.body.errors).toEqual({ marksEnd: 'Deve ser verdadeiro ou falso.' });
    const converted = await server.json('POST', '/api/member_states', token, { name: 'Novo', marksEnd: 'true' });
    expect(converted.body.data.marksEnd).toBe(true);
    expect((await server.json('POST', '/api/members', token, [1, 2])).status).toBe(400);
  });

  it('keeps member numbers unique', async () => {
    await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: active, number: 7 });
    const duplicate = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Bruno', state: active, number: 7 });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({ number: 'Já existe um registo com este valor.' });
    const other = await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Bruno', state: active });
    const clash = await server.json('PATCH', `/api/members/${other.body.data._id}`, token, { number: 7 });
    expect(clash.body.errors).toEqual({ number: 'Já existe um registo com este valor.' });
    // Its own number is not a clash.
    expect((await server.json('PATCH', `/api/members/${other.body.data._id}`, token, { number: other.body.data.number })).status).toBe(200);
  });

  it('POST /{res}/validate returns the errors without saving', async () => {
    const bad = await server.json('POST', '/api/members/validate', token, { dues_exempt: true, name: '', nif: '999999999', state: active });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'nif']);
    const good = await server.json('POST', '/api/members/validate', token, { dues_exempt: true, name: 'Ana', nif: '123456789', state: active });
    expect(good).toEqual({ status: 200, body: { errors: {} } });
    expect(await countMembers()).toBe(0);
  });

  it('numbers members concurrently without duplicates', async () => {
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => server.json('POST', '/api/members', token, { dues_exempt: true, name: `Sócio ${i}`, state: active })));
    expect(created.map((r) => r.status), JSON.stringify(created.filter((r) => r.status !== 201).map((r) => r.body))).toEqual(Array(12).fill(201));
    expect(new Set(created.map((r) => r.body.data.number)).size).toBe(12);
  });
});

describe('a member reaches only their own records', () => {
  it('reads and edits their own member and user record, never number, state or role, and cannot list', async () => {
    const mine = (await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Ana', state: active, number: 5 })).body.data;
    const other = (await server.json('POST', '/api/members', token, { dues_exempt: true, name: 'Bruno', state: active })).body.data;
    const member = await server.as('member', { memberId: mine._id });
    const t = member.token;

    expect((await server.json('GET', `/api/members/${mine._id}`, t)).body.data.name).toBe('Ana');
    expect((await server.json('GET', `/api/members/${other._id}`, t)).status).toBe(403);
    expect((await server.json('GET', '/api/members', t)).status).toBe(403);
    expect((await server.json('GET', `/api/member_states/${active}/members`, t)).status).toBe(403);
    expect((await server.json('GET', '/api/users', t)).status).toBe(403);
    expect((await server.json('PATCH', `/api/members/${other._id}`, t, { name: 'X' })).status).toBe(403);
    expect((await server.json('DELETE', `/api/members/${mine._id}`, t)).status).toBe(403);
    expect((await server.json('POST', '/api/members', t, { name: 'Y', state: active })).status).toBe(403);

    const edited = await server.json('PATCH', `/api/members/${mine._id}`, t, { phone: '912345678' });
    expect(edited.body.data.phone).toBe('+351912345678');
    // Sending back what was read is fine; changing the number or state is not.
    expect((await server.json('PUT', `/api/members/${mine._id}`, t, { ...edited.body.data, locality: 'Faro' })).status).toBe(200);
    const renumber = await server.json('PATCH', `/api/members/${mine._id}`, t, { number: 99 });
    expect(renumber.status).toBe(403);
    expect(renumber.body.message).toContain('"number"');
    expect((await server.json('PATCH', `/api/members/${mine._id}`, t, { state: await server.stateId('Falecido') })).status).toBe(403);
    expect((await server.json('GET', `/api/members/${mine._id}`, token)).body.data).toMatchObject({ number: 5, state: active, locality: 'Faro' });

    expect((await server.json('GET', `/api/users/${member.id}`, t)).body.data).toMatchObject({ role: 'member', member: mine._id });
    expect((await server.json('GET', `/api/users/${member.id - 1}`, t)).status).toBe(403);
    expect((await server.json('PATCH', `/api/users/${member.id}`, t, { role: 'admin' })).status).toBe(403);
    expect((await server.json('PATCH', `/api/users/${member.id}`, t, { name: 'Ana Sá' })).body.data.name).toBe('Ana Sá');
  });

  it('an editor may not touch an administrator account or grant roles', async () => {
    const editor = await server.as('editor');
    const admin = await server.createUser('admin');
    expect((await server.json('PATCH', `/api/users/${admin.id}`, editor.token, { password: 'outrasenha123' })).status).toBe(403);
    expect((await server.json('POST', '/api/users', editor.token, { username: 'novo', name: 'Novo', role: 'admin' })).status).toBe(403);
    const created = await server.json('POST', '/api/users', editor.token, { username: 'novo', name: 'Novo' });
    expect(created.body.data).toMatchObject({ role: 'member', active: true });
    expect(created.body.data).not.toHaveProperty('password');
    expect(created.body.data).not.toHaveProperty('password_hash');
  });
});

describe('users', () => {
  it('hashes a new password, never returns it, and ends the sessions of the account', async () => {
    const user = await server.createUser('editor');
    const pair = await server.login(user);
    const changed = await server.json('PATCH', `/api/users/${user.id}`, token, { password: 'nova-senha-segura' });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toContain('nova-senha');
    expect(changed.body.data).not.toHaveProperty('password_hash');
    expect((await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: pair.refresh } })).statusCode).toBe(401);
    const login = await server.request({ method: 'POST', url: '/api/auth', payload: { username: user.username, password: 'nova-senha-segura' } });
    expect(login.statusCode).toBe(200);
    expect((await server.json('PATCH', `/api/users/${user.id}`, token, { password: 'curta' })).body.errors.password).toContain('8');
  });

  it('deactivating an account ends its sessions at once', async () => {
    const user = await server.createUser('editor');
    const pair = await server.login(user);
    expect((await server.json('PATCH', `/api/users/${user.id}`, token, { active: false })).body.data.active).toBe(false);
    expect((await server.json('GET', '/api/members', pair.access)).status).toBe(401);
    expect((await server.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: pair.refresh } })).statusCode).toBe(401);
  });
});

describe('API keys', () => {
  it('shows the secret once, works as a bearer token with its role, records use, and stops when revoked', async () => {
    const created = await server.json('POST', '/api/api_secrets', token, { name: 'Site', role: 'editor' });
    expect(created.status).toBe(201);
    const { secret, _id } = created.body.data;
    expect(secret).toMatch(/^ask_/);
    expect(created.body.data).toMatchObject({ name: 'Site', role: 'editor', secret_prefix: secret.slice(0, 10), last_used_at: null, revoked_at: null });
    expect(created.body.data).not.toHaveProperty('secret_hash');
    const read = await server.json('GET', `/api/api_secrets/${_id}`, token);
    expect(read.body.data).not.toHaveProperty('secret');
    expect(JSON.stringify((await server.json('GET', '/api/api_secrets', token)).body)).not.toContain(secret);

    expect((await server.json('GET', '/api/members', secret)).status).toBe(200);
    expect((await server.json('GET', '/api/api_secrets', secret)).status).toBe(403);
    expect((await server.json('GET', `/api/api_secrets/${_id}`, token)).body.data.last_used_at).toEqual(expect.any(String));

    const revoked = await server.json('PATCH', `/api/api_secrets/${_id}`, token, { revoked_at: '2000-01-01T00:00:00Z' });
    expect(revoked.body.data.revoked_at > '2020').toBe(true);
    expect((await server.json('GET', '/api/members', secret)).status).toBe(401);
    expect((await server.json('PATCH', `/api/api_secrets/${_id}`, token, { revoked_at: null })).status).toBe(422);

    const other = await server.json('POST', '/api/api_secrets', token, { name: 'Outro', role: 'admin' });
    expect((await server.json('DELETE', `/api/api_secrets/${other.body.data._id}`, token)).status).toBe(204);
    expect((await server.json('GET', '/api/members', other.body.data.secret)).status).toBe(401);
  });

  it('only administrators manage keys', async () => {
    const editor = await server.as('editor');
    expect((await server.json('POST', '/api/api_secrets', editor.token, { name: 'X', role: 'admin' })).status).toBe(403);
    expect((await server.json('GET', '/api/api_secrets', editor.token)).status).toBe(403);
    expect((await server.json('POST', '/api/api_secrets', token, { name: 'X', role: 'dono' })).status).toBe(422);
  });
});
