import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { startTestServer, type TestServer, type TestUser } from './support/server.js';
import { REQUIRE_TWO_FACTOR_SETTING } from '../../src/core/two-factor.js';
import { MAX_TICKET_ATTEMPTS, TICKET_MS } from '../../src/server/auth/two-factor-tickets.js';
import { FAILURE_WINDOW_MS, MAX_TWO_FACTOR_FAILURES } from '../../src/server/auth/totp.js';
import { deliverableBody } from '../../src/server/messages/message-secrets.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at the server's current time (`offsetSteps` later). */
const codeFor = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: server.ctx.now() + offsetSteps * STEP_MS });

/** A 6-digit code that is not valid now (nor one step either side). */
function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

const auth = (payload: object) => server.request({ method: 'POST', url: '/api/auth', payload });
const call = (method: 'GET' | 'POST', path: string, token?: string, payload?: object) =>
  server.request({ method, url: `/api/auth/two-factor${path}`, token, ...(payload ? { payload } : {}) });

async function sessionOf(user: TestUser): Promise<string> {
  return (await server.login(user)).access;
}

/** Enrols `user` through the API; returns the secret and recovery codes. Moves the clock a step on. */
async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[]; token: string }> {
  const token = await sessionOf(user);
  const started = await call('POST', '/enrol', token, {});
  expect(started.statusCode).toBe(200);
  const { secret } = started.json().data;
  const confirmed = await call('POST', '/confirm', token, { code: codeFor(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // The next code comes from the next step: the one just used is spent.
  server.advance(STEP_MS);
  return { secret, recoveryCodes: confirmed.json().data.recoveryCodes, token };
}

async function passwordStep(user: TestUser): Promise<{ secondFactor: string; ticket: string }> {
  const response = await auth({ username: user.username, password: user.password });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).not.toHaveProperty('access');
  return body;
}

/** Asks for a recovery link for `user` and returns the code the e-mail carries. */
async function mailedCode(user: TestUser): Promise<string> {
  const email = `${user.username}@exemplo.pt`;
  expect((await auth({ email, recover_password: true })).statusCode).toBe(204);
  const message = await server.database.db.selectFrom('messages').select('_id').where('recipient', '=', email).orderBy('_id', 'desc').executeTakeFirstOrThrow();
  return /loginporlink\/([\w-]+)/.exec(String(await deliverableBody(server.database.db, Number(message._id))))![1]!;
}

/** Setting a new password without the current one: what a session begun by an e-mailed code may do for a while. */
const setPasswordWithout = (user: TestUser, token: string, password: string) =>
  server.request({ method: 'PATCH', url: `/api/users/${user.id}`, token, payload: { password } });

const auditOf = (userId: number) =>
  server.database.db.selectFrom('audit_log').select(['action', 'actor_id', 'resource', 'record_id']).where('record_id', '=', userId).where('action', 'in', ['two_factor_on', 'two_factor_off', 'recovery_codes']).orderBy('_id').execute();

describe('enrolment', () => {
  it('gives a secret, its otpauth URI and an SVG QR code; only a right code turns it on, with 10 single-use recovery codes', async () => {
    const editor = await server.createUser('editor');
    const token = await sessionOf(editor);
    expect((await call('GET', '', token)).json().data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const started = await call('POST', '/enrol', token, {});
    expect(started.statusCode).toBe(200);
    const { secret, uri, qrSvg } = started.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(uri).toContain(encodeURIComponent(editor.username));
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    // Not in force before a code confirms it: the password alone still logs in.
    expect((await auth({ username: editor.username, password: editor.password })).json()).toHaveProperty('access');
    // The secret is stored encrypted.
    const stored = await server.database.db.selectFrom('user_totp').select('secret').where('user_id', '=', editor.id).executeTakeFirstOrThrow();
    expect(String(stored.secret)).not.toContain(secret);

    const wrong = await call('POST', '/confirm', token, { code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/Código errado/);
    expect((await call('GET', '', token)).json().data.enabled).toBe(false);
    expect((await call('POST', '/confirm', token, { code: '12ab56' })).statusCode).toBe(400);

    const before = server.ctx.now();
    const confirmed = await call('POST', '/confirm', token, { code: codeFor(secret) });
    const after = server.ctx.now();
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await call('GET', '', token)).json().data;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(Date.parse(status.enabledAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(status.enabledAt)).toBeLessThanOrEqual(after);
    const hashes = await server.database.db.selectFrom('totp_recovery_codes').select('code_hash').where('user_id', '=', editor.id).execute();
    expect(hashes.map((h) => String(h.code_hash))).not.toContain(recoveryCodes[0]);

    // Already on: a new enrolment would silently replace the secret in the user's app.
    expect((await call('POST', '/enrol', token, {})).statusCode).toBe(409);
    expect((await auditOf(editor.id)).map((a) => [a.action, a.actor_id, a.resource])).toEqual([['two_factor_on', editor.id, 'users']]);
  });

  it('is for staff only: members and API keys get 403, nobody logged in 401', async () => {
    const member = await server.createUser('member');
    const token = await sessionOf(member);
    for (const [method, path, payload] of [['GET', '', undefined], ['POST', '/enrol', {}], ['POST', '/confirm', { code: '123456' }], ['POST', '/disable', { password: member.password }], ['POST', '/recovery-codes', { code: '123456' }]] as const) {
      expect((await call(method, path, token, payload)).statusCode, path).toBe(403);
      expect((await call(method, path, undefined, payload)).statusCode, path).toBe(401);
    }
    expect(await server.database.db.selectFrom('user_totp').selectAll().execute()).toHaveLength(0);
    const admin = await server.createUser('admin');
    const key = await server.request({ method: 'POST', url: '/api/api_secrets', token: await sessionOf(admin), payload: { name: 'Integração', role: 'admin' } });
    expect((await call('POST', '/enrol', key.json().data.secret, {})).statusCode).toBe(403);
  });
});

describe('login with two-factor on', () => {
  it('asks for a code after the password; the ticket and the code log in once', async () => {
    const admin = await server.createUser('admin');
    const { secret } = await enrol(admin);
    const { secondFactor, ticket } = await passwordStep(admin);
    expect(secondFactor).toBe('totp');
    expect(ticket).toMatch(/^[\w-]{40,}$/);
    // A wrong password never gets as far as a ticket.
    expect((await auth({ username: admin.username, password: 'errada' })).statusCode).toBe(403);

    const done = await auth({ ticket, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(decodeJwt(done.json().access)).toMatchObject({ ID: admin.id, Role: 'admin' });
    server.advance(STEP_MS);
    const again = await auth({ ticket, code: codeFor(secret) });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/expirou ou foi anulado/);
    // Tickets are stored hashed.
    const rows = await server.database.db.selectFrom('two_factor_tickets').select('ticket_hash').execute();
    expect(rows.map((r) => String(r.ticket_hash))).not.toContain(ticket);
  });

  it(`voids a ticket after ${MAX_TICKET_ATTEMPTS} wrong codes, even for the right one`, async () => {
    const editor = await server.createUser('editor');
    const { secret } = await enrol(editor);
    const { ticket } = await passwordStep(editor);
    for (let i = 0; i < MAX_TICKET_ATTEMPTS; i += 1) {
      const wrong = await auth({ ticket, code: wrongCodeFor(secret) });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toMatch(/Código errado/);
    }
    const right = await auth({ ticket, code: codeFor(secret) });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toMatch(/expirou ou foi anulado/);
    // A new login with the password gets a new ticket that works.
    const fresh = await passwordStep(editor);
    expect((await auth({ ticket: fresh.ticket, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('refuses a code already used (replay), and takes the next one', async () => {
    const editor = await server.createUser('editor');
    const { secret } = await enrol(editor);
    // The test clock runs with real time: start at the beginning of a step, so a slow machine
    // does not cross into the next step between the codes below.
    server.advance(STEP_MS - (server.ctx.now() % STEP_MS));
    const code = codeFor(secret);
    expect((await auth({ ticket: (await passwordStep(editor)).ticket, code })).statusCode).toBe(200);
    const replay = await auth({ ticket: (await passwordStep(editor)).ticket, code });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().message).toMatch(/já foi usado/);
    // An older code (the previous step, still inside the clock-drift window) is a replay too.
    server.advance(STEP_MS);
    const { ticket } = await passwordStep(editor);
    expect((await auth({ ticket, code: codeFor(secret, -1) })).statusCode).toBe(403);
    expect((await auth({ ticket, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it(`stops taking codes for an account after ${MAX_TWO_FACTOR_FAILURES} wrong ones across tickets; recovery codes still work`, async () => {
    const editor = await server.createUser('editor');
    const { secret, recoveryCodes } = await enrol(editor);
    let wrong = 0;
    while (wrong < MAX_TWO_FACTOR_FAILURES) {
      const { ticket } = await passwordStep(editor);
      for (let i = 0; i < MAX_TICKET_ATTEMPTS - 1 && wrong < MAX_TWO_FACTOR_FAILURES; i += 1, wrong += 1) {
        expect((await auth({ ticket, code: wrongCodeFor(secret) })).statusCode).toBe(403);
      }
    }
    const { ticket } = await passwordStep(editor);
    const throttled = await auth({ ticket, code: codeFor(secret) });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/Demasiados códigos errados/);
    expect((await auth({ ticket, recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);

    server.advance(FAILURE_WINDOW_MS);
    expect((await auth({ ticket: (await passwordStep(editor)).ticket, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('holds its limits under concurrency: one right code logs in once, wrong codes stop at the account limit', async () => {
    const editor = await server.createUser('editor');
    const { secret } = await enrol(editor);
    const tickets = await Promise.all([1, 2, 3, 4, 5].map(async () => (await passwordStep(editor)).ticket));
    const code = codeFor(secret);
    const sameCode = await Promise.all(tickets.map((ticket) => auth({ ticket, code })));
    expect(sameCode.map((r) => r.statusCode).sort()).toEqual([200, 403, 403, 403, 403]);

    server.advance(STEP_MS);
    const more = await Promise.all([1, 2, 3].map(async () => (await passwordStep(editor)).ticket));
    const guesses = await Promise.all(more.flatMap((ticket) => Array.from({ length: MAX_TICKET_ATTEMPTS }, () => auth({ ticket, code: wrongCodeFor(secret) }))));
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 403)).toHaveLength(MAX_TWO_FACTOR_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * MAX_TICKET_ATTEMPTS - MAX_TWO_FACTOR_FAILURES);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const editor = await server.createUser('editor');
    const { recoveryCodes, token } = await enrol(editor);
    const typed = ` ${recoveryCodes[3]!.replace('-', '').toUpperCase()} `;
    const first = await auth({ ticket: (await passwordStep(editor)).ticket, recoveryCode: typed });
    expect(first.statusCode).toBe(200);
    const second = await auth({ ticket: (await passwordStep(editor)).ticket, recoveryCode: recoveryCodes[3] });
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toMatch(/recuperação errado ou já usado/);
    expect((await call('GET', '', token)).json().data.recoveryCodesLeft).toBe(9);
  });

  it('refuses malformed second steps with a 400', async () => {
    const editor = await server.createUser('editor');
    const { secret } = await enrol(editor);
    const { ticket } = await passwordStep(editor);
    for (const payload of [{ ticket }, { ticket, code: codeFor(secret), recoveryCode: 'x' }, { ticket, code: 123456 }, { ticket: 5, code: '123456' }, { ticket, code: '12345' }]) {
      expect((await auth(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    // None of them counted against the ticket.
    expect((await auth({ ticket, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it(`expires tickets after ${TICKET_MS / 60_000} minutes`, async () => {
    const editor = await server.createUser('editor');
    const { secret } = await enrol(editor);
    const { ticket } = await passwordStep(editor);
    server.advance(TICKET_MS + 1000);
    const late = await auth({ ticket, code: codeFor(secret) });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/expirou/);
  });
});

describe('login by e-mailed link (recovery) with two-factor on', () => {
  it('asks for the code instead of giving tokens; the session it ends in may set a new password without the old one', async () => {
    const editor = await server.createUser('editor');
    const { secret } = await enrol(editor);
    const code = await mailedCode(editor);
    const linked = await auth({ recoverCode: code });
    expect(linked.statusCode).toBe(200);
    const challenge = linked.json();
    expect(challenge).toEqual({ secondFactor: 'totp', ticket: expect.stringMatching(/^[\w-]{40,}$/) });
    // The link itself is spent: reading the mailbox again gives nothing.
    expect((await auth({ recoverCode: code })).statusCode).toBe(403);

    const done = await auth({ ticket: challenge.ticket, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    const { access } = done.json();
    expect(decodeJwt(access)).toMatchObject({ ID: editor.id, Role: 'editor', amr: 'code' });
    const changed = await setPasswordWithout(editor, access, 'nova-senha-recuperada');
    expect(changed.statusCode, changed.body).toBe(200);
    // The new password logs in, and still only with the second step.
    server.advance(STEP_MS);
    const next = await auth({ username: editor.username, password: 'nova-senha-recuperada' });
    expect(next.json()).toMatchObject({ secondFactor: 'totp' });

    // A login that began with the password is not marked: it needs the current password.
    const viaPassword = await auth({ ticket: next.json().ticket, code: codeFor(secret) });
    expect(decodeJwt(viaPassword.json().access).amr).toBeUndefined();
    expect((await setPasswordWithout(editor, viaPassword.json().access, 'outra-senha-qualquer')).statusCode).toBe(422);
  });

  it(`voids a link's ticket after ${MAX_TICKET_ATTEMPTS} wrong codes and says to ask for a new link; a recovery code ends a new one`, async () => {
    const editor = await server.createUser('editor');
    const { secret, recoveryCodes } = await enrol(editor);
    const sessionsOf = async (user: TestUser) => (await server.database.db.selectFrom('refresh_tokens').select('_id').where('user_id', '=', user.id).execute()).length;
    const sessionsBefore = await sessionsOf(editor);
    const { ticket } = (await auth({ recoverCode: await mailedCode(editor) })).json();
    for (let i = 0; i < MAX_TICKET_ATTEMPTS; i += 1) {
      expect((await auth({ ticket, code: wrongCodeFor(secret) })).statusCode).toBe(403);
    }
    const right = await auth({ ticket, code: codeFor(secret) });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('O pedido de início de sessão expirou ou foi anulado. Peça uma nova ligação por e-mail.');
    expect(await sessionsOf(editor)).toBe(sessionsBefore);

    const fresh = (await auth({ recoverCode: await mailedCode(editor) })).json();
    expect(fresh.secondFactor).toBe('totp');
    const done = await auth({ ticket: fresh.ticket, recoveryCode: recoveryCodes[0] });
    expect(done.statusCode).toBe(200);
    expect(decodeJwt(done.json().access)).toMatchObject({ ID: editor.id, amr: 'code' });
  });

  it('leaves accounts without two-factor as they were: the link gives a session at once, marked as a code login', async () => {
    const member = await server.createUser('member');
    const editor = await server.createUser('editor');
    // An enrolment never confirmed is not in force.
    expect((await call('POST', '/enrol', await sessionOf(editor), {})).statusCode).toBe(200);
    for (const user of [member, editor]) {
      const linked = await auth({ recoverCode: await mailedCode(user) });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).not.toHaveProperty('secondFactor');
      expect(decodeJwt(linked.json().access)).toMatchObject({ ID: user.id, amr: 'code' });
      expect((await setPasswordWithout(user, linked.json().access, `nova-senha-${user.id}-ok`)).statusCode).toBe(200);
    }
    expect(await server.database.db.selectFrom('two_factor_tickets').selectAll().execute()).toHaveLength(0);
  });
});

describe('turning it off and new recovery codes', () => {
  it('turns off with the current password or a code, never without', async () => {
    const editor = await server.createUser('editor');
    const { secret, token } = await enrol(editor);
    expect((await call('POST', '/disable', token, {})).statusCode).toBe(400);
    const wrong = await call('POST', '/disable', token, { password: 'errada' });
    expect(wrong.statusCode).toBe(403);
    expect((await call('POST', '/disable', token, { code: wrongCodeFor(secret) })).statusCode).toBe(403);
    expect((await call('GET', '', token)).json().data.enabled).toBe(true);

    expect((await call('POST', '/disable', token, { password: editor.password })).statusCode).toBe(204);
    expect((await call('GET', '', token)).json().data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await auth({ username: editor.username, password: editor.password })).json()).toHaveProperty('access');
    expect((await call('POST', '/disable', token, { password: editor.password })).statusCode).toBe(409);

    const second = await enrol(editor);
    expect((await call('POST', '/disable', token, { code: codeFor(second.secret) })).statusCode).toBe(204);
    expect(await server.database.db.selectFrom('totp_recovery_codes').selectAll().where('user_id', '=', editor.id).execute()).toHaveLength(0);
    expect((await auditOf(editor.id)).map((a) => a.action)).toEqual(['two_factor_on', 'two_factor_off', 'two_factor_on', 'two_factor_off']);
  });

  it('gives new recovery codes for a right code; the old ones stop working', async () => {
    const editor = await server.createUser('editor');
    const { secret, recoveryCodes, token } = await enrol(editor);
    expect((await call('POST', '/recovery-codes', token, { code: wrongCodeFor(secret) })).statusCode).toBe(403);
    const renewed = await call('POST', '/recovery-codes', token, { code: codeFor(secret) });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await auth({ ticket: (await passwordStep(editor)).ticket, recoveryCode: recoveryCodes[0] })).statusCode).toBe(403);
    expect((await auth({ ticket: (await passwordStep(editor)).ticket, recoveryCode: fresh[0] })).statusCode).toBe(200);
    expect((await auditOf(editor.id)).map((a) => a.action)).toEqual(['two_factor_on', 'recovery_codes']);
  });
});

describe(`setting ${REQUIRE_TWO_FACTOR_SETTING}`, () => {
  const requireForAdmins = async (value: 'true' | 'false') => {
    const stamp = new Date().toISOString();
    await server.database.db
      .insertInto('settings')
      .values({ name: REQUIRE_TWO_FACTOR_SETTING, value, created_at: stamp, updated_at: stamp })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  };

  it('makes an administrator without two-factor enrol with the login ticket before getting a session', async () => {
    await requireForAdmins('true');
    const admin = await server.createUser('admin');
    const editor = await server.createUser('editor');
    // Only administrators are required.
    expect((await auth({ username: editor.username, password: editor.password })).json()).toHaveProperty('access');

    const { secondFactor, ticket } = await passwordStep(admin);
    expect(secondFactor).toBe('enrol');
    expect((await auth({ ticket, code: '123456' })).statusCode).toBe(403);
    // Without the ticket (and without a session) nothing happens.
    expect((await call('POST', '/enrol', undefined, {})).statusCode).toBe(401);
    expect((await call('POST', '/enrol', undefined, { ticket: 'inventado' })).statusCode).toBe(403);

    const started = await call('POST', '/enrol', undefined, { ticket });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json().data;
    expect((await call('POST', '/confirm', undefined, { ticket, code: wrongCodeFor(secret) })).statusCode).toBe(403);
    const confirmed = await call('POST', '/confirm', undefined, { ticket, code: codeFor(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes, tokens } = confirmed.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(decodeJwt(tokens.access)).toMatchObject({ ID: admin.id, Role: 'admin' });
    expect((await auditOf(admin.id)).map((a) => [a.action, a.actor_id])).toEqual([['two_factor_on', admin.id]]);
    // The ticket is spent.
    server.advance(STEP_MS);
    expect((await call('POST', '/enrol', undefined, { ticket })).statusCode).toBe(403);

    // From now on the login asks for a code, and it cannot be turned off while required.
    const next = await passwordStep(admin);
    expect(next.secondFactor).toBe('totp');
    expect((await auth({ ticket: next.ticket, code: codeFor(secret) })).statusCode).toBe(200);
    const refused = await call('POST', '/disable', tokens.access, { password: admin.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/obrigatória para administradores/);
    expect((await call('GET', '', tokens.access)).json().data).toMatchObject({ enabled: true, required: true });
  });

  it('makes an administrator who comes by e-mailed link enrol too; that session keeps the code-login mark', async () => {
    await requireForAdmins('true');
    const admin = await server.createUser('admin');
    const linked = await auth({ recoverCode: await mailedCode(admin) });
    expect(linked.statusCode).toBe(200);
    const { secondFactor, ticket } = linked.json();
    expect(secondFactor).toBe('enrol');
    const { secret } = (await call('POST', '/enrol', undefined, { ticket })).json().data;
    const confirmed = await call('POST', '/confirm', undefined, { ticket, code: codeFor(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { tokens } = confirmed.json().data;
    expect(decodeJwt(tokens.access)).toMatchObject({ ID: admin.id, Role: 'admin', amr: 'code' });
    expect((await setPasswordWithout(admin, tokens.access, 'nova-senha-do-admin')).statusCode).toBe(200);
    // The spent ticket refuses, saying how this login began.
    const again = await call('POST', '/enrol', undefined, { ticket });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/Peça uma nova ligação/);
  });

  it('an enrolment ticket expires too, and a login ticket cannot enrol', async () => {
    await requireForAdmins('true');
    const admin = await server.createUser('admin');
    const { ticket } = await passwordStep(admin);
    server.advance(TICKET_MS + 1000);
    expect((await call('POST', '/enrol', undefined, { ticket })).statusCode).toBe(403);

    await requireForAdmins('false');
    const editor = await server.createUser('editor');
    await enrol(editor);
    const login = await passwordStep(editor);
    expect((await call('POST', '/enrol', undefined, { ticket: login.ticket })).statusCode).toBe(403);
  });
});
