// Login throttling that holds under concurrency, trusts forwarded addresses only from the
// configured proxies, never locks the owner out, and limits e-mailed links (issue 8, item 2).
import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../src/server/config.js';
import {
  ACCOUNT_BACKOFF,
  ADDRESS_BACKOFF,
  CLEAN_BUDGET,
  LINK_REQUESTS_PER_ADDRESS,
  LINK_REQUESTS_PER_RECIPIENT,
  LOOKBACK_MS,
  PAIR_BACKOFF,
  addressKey,
} from '../../src/server/auth/throttle.js';
import { deliverableBody } from '../../src/server/messages/message-secrets.js';
import { startTestServer, type TestServer, type TestUser } from './support/server.js';
import { loose } from '../../src/server/db/database.js';

let server: TestServer;
async function start(overrides: Partial<Config> = {}) {
  server = await startTestServer(overrides);
  return server;
}
afterEach(async () => {
  await server?.close();
});

const ATTACKER = '198.51.100.7';
const HOME = '203.0.113.10';
const HOUR = 3_600_000;

const post = (payload: object, ip: string, headers: Record<string, string> = {}) =>
  server.request({ method: 'POST', url: '/api/auth', payload, remoteAddress: ip, headers });
const login = (user: TestUser, password: string, ip: string, headers?: Record<string, string>) =>
  post({ username: user.username, password }, ip, headers);
const statuses = (responses: LightMyRequestResponse[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};
/** Distinct documentation addresses, never the attacker's or the owner's. */
const fresh = (n: number) => `192.0.${Math.floor(n / 250) + 2}.${(n % 250) + 1}`;
const attemptAddresses = async () =>
  (await server.database.db.selectFrom('auth_attempts').select('address').orderBy('_id').execute()).map((r) => String(r.address));
const messagesTo = async (recipient: string) =>
  (await server.database.db.selectFrom('messages').select('_id').where('recipient', '=', recipient).execute()).length;

describe('concurrent guesses (reproduction 2)', () => {
  it('checks only the allowed number of 300 concurrent wrong passwords; the rest are 429 with Retry-After', async () => {
    await start();
    const user = await server.createUser('admin');
    const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => login(user, `errada-${i}`, ATTACKER)));
    expect(statuses(responses)).toEqual({ 403: PAIR_BACKOFF.free, 429: 300 - PAIR_BACKOFF.free });
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/^Demasiadas tentativas falhadas\. Aguarde \d+ minutos? e tente novamente\.$/);
    }
    expect(await attemptAddresses()).toHaveLength(PAIR_BACKOFF.free);
    // The owner, from another address, still gets in.
    expect((await login(user, user.password, HOME)).statusCode).toBe(200);
  });

  it('checks at most the free failures plus the clean-address budget of 300 concurrent guesses from 300 addresses, however the username is spelt', async () => {
    await start();
    const user = await server.createUser('admin');
    const spellings = [user.username, user.username.toUpperCase(), ` ${user.username[0]!.toUpperCase()}${user.username.slice(1)} `];
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => post({ username: spellings[i % spellings.length], password: `errada-${i}` }, fresh(i))),
    );
    expect(statuses(responses)).toEqual({ 403: ACCOUNT_BACKOFF.free + CLEAN_BUDGET, 429: 300 - ACCOUNT_BACKOFF.free - CLEAN_BUDGET });
  });
});

describe('forwarded addresses (reproduction 3)', () => {
  it('ignores X-Forwarded-For by default: spoofing neither escapes the limits nor blocks the spoofed address', async () => {
    await start();
    expect(server.ctx.config.trustProxy).toEqual([]);
    const user = await server.createUser('editor');
    for (let i = 0; i < PAIR_BACKOFF.free; i += 1) {
      expect((await login(user, 'errada', ATTACKER, { 'x-forwarded-for': fresh(i) })).statusCode).toBe(403);
    }
    expect((await login(user, user.password, ATTACKER, { 'x-forwarded-for': fresh(99) })).statusCode).toBe(429);
    expect(new Set(await attemptAddresses())).toEqual(new Set([ATTACKER]));

    // Failures "from" the owner's address, sent by the attacker, do not touch the owner.
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => server.createUser('member')));
    for (const other of others) for (let i = 0; i < 5; i += 1) await login(other, 'errada', ATTACKER, { 'x-forwarded-for': HOME });
    expect((await login(user, user.password, HOME)).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from a configured proxy, telling the clients behind it apart', async () => {
    await start({ trustProxy: ['10.0.0.1'] });
    const user = await server.createUser('editor');
    const viaProxy = (client: string, password: string) => login(user, password, '10.0.0.1', { 'x-forwarded-for': client });
    for (let i = 0; i < PAIR_BACKOFF.free; i += 1) expect((await viaProxy(ATTACKER, 'errada')).statusCode).toBe(403);
    expect((await viaProxy(ATTACKER, user.password)).statusCode).toBe(429);
    expect((await viaProxy(HOME, user.password)).statusCode).toBe(200);
    // Not the proxy: its header is ignored.
    expect((await login(user, 'errada', '10.0.0.2', { 'x-forwarded-for': HOME })).statusCode).toBe(403);
    expect(await attemptAddresses()).toEqual([...Array<string>(PAIR_BACKOFF.free).fill(ATTACKER), '10.0.0.2']);
  });

  it('reads ASSOCIA_TRUST_PROXY as a list of addresses, CIDR ranges and proxy names, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ ASSOCIA_TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1 , fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['true', '*', '10.0.0.0/33', 'proxy.example.pt', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ ASSOCIA_TRUST_PROXY: wrong }), wrong).toThrow(/ASSOCIA_TRUST_PROXY/);
    }
  });
});

describe('the owner is not locked out (reproduction 4)', () => {
  it("gets in from a known address and from a clean one after an attacker's failures", async () => {
    await start();
    const owner = await server.createUser('admin');
    expect((await login(owner, owner.password, HOME)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) await login(owner, `errada-${i}`, ATTACKER);
    expect((await login(owner, owner.password, ATTACKER)).statusCode).toBe(429);
    expect((await login(owner, owner.password, HOME)).statusCode).toBe(200);
    expect((await login(owner, owner.password, '192.0.2.44')).statusCode).toBe(200);
    // An IPv6 owner too (addresses of one /64 count as one).
    expect((await login(owner, owner.password, '2001:db8:1:2::99')).statusCode).toBe(200);
  });

  it('keeps the known address open when an attacker hopping addresses has spent the clean budget', async () => {
    await start();
    const owner = await server.createUser('admin');
    expect((await login(owner, owner.password, HOME)).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_BACKOFF.free; i += 1) expect((await login(owner, 'errada', ATTACKER)).statusCode).toBe(403);
    for (let i = 0; i < CLEAN_BUDGET; i += 1) expect((await login(owner, 'errada', fresh(i))).statusCode).toBe(403);
    const spent = await login(owner, owner.password, fresh(100));
    expect(spent.statusCode).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await login(owner, owner.password, HOME)).statusCode).toBe(200);
    // A failed clean address is no longer clean; an hour later the budget is back.
    expect((await login(owner, owner.password, fresh(0))).statusCode).toBe(429);
    server.advance(HOUR);
    expect((await login(owner, owner.password, fresh(101))).statusCode).toBe(200);
  });

  it('lets an attacker with endless addresses check at most about 20 passwords an hour', async () => {
    await start();
    const owner = await server.createUser('admin');
    const checked: number[] = [0, 0, 0];
    let n = 0;
    // Every minute for three hours: a guess from a new address and one from a used one.
    for (let minute = 0; minute < 180; minute += 1) {
      for (const ip of [fresh(n++), ATTACKER]) {
        const response = await login(owner, `errada-${minute}`, ip);
        if (response.statusCode === 403) checked[Math.floor(minute / 60)]! += 1;
        else expect(response.statusCode).toBe(429);
      }
      server.advance(60_000);
    }
    for (const perHour of checked) expect(perHour).toBeLessThanOrEqual(20);
    expect(checked[0]).toBeGreaterThan(ACCOUNT_BACKOFF.free);
  });
});

describe('exponential backoff', () => {
  it('doubles the wait from one minute up to an hour after each failure, and forgets failures after a day', async () => {
    await start();
    const user = await server.createUser('editor');
    for (let i = 0; i < PAIR_BACKOFF.free; i += 1) expect((await login(user, 'errada', ATTACKER)).statusCode).toBe(403);
    const waits: number[] = [];
    for (let step = 0; step < 8; step += 1) {
      const refused = await login(user, user.password, ATTACKER);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      server.advance(seconds * 1000 - 2000);
      expect((await login(user, 'errada', ATTACKER)).statusCode, 'still waiting').toBe(429);
      server.advance(2000);
      expect((await login(user, 'errada', ATTACKER)).statusCode).toBe(403);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect((await login(user, user.password, ATTACKER)).json().message).toBe('Demasiadas tentativas falhadas. Aguarde 60 minutos e tente novamente.');
    server.advance(LOOKBACK_MS);
    expect((await login(user, user.password, ATTACKER)).statusCode).toBe(200);
  });

  it('limits one address across accounts, while those accounts still get in from elsewhere', async () => {
    await start();
    const users = await Promise.all(Array.from({ length: 6 }, () => server.createUser('member')));
    let failures = 0;
    for (const user of users) {
      for (let i = 0; i < 4 && failures < ADDRESS_BACKOFF.free; i += 1, failures += 1) {
        expect((await login(user, 'errada', ATTACKER)).statusCode).toBe(403);
      }
    }
    // Twenty failures over five accounts: the sixth account is refused from this address too.
    expect((await login(users[5]!, users[5]!.password, ATTACKER)).statusCode).toBe(429);
    expect((await login(users[5]!, users[5]!.password, HOME)).statusCode).toBe(200);
  });
});

describe('login codes', () => {
  it('checks only the allowed number of concurrent wrong codes from one address', async () => {
    await start();
    const member = await server.createUser('member', { email: 'ana@exemplo.pt' });
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => post({ recoverCode: `codigo-inventado-${i}` }, ATTACKER)));
    expect(statuses(responses)).toEqual({ 403: ADDRESS_BACKOFF.free, 429: 100 - ADDRESS_BACKOFF.free });
    // A real code, from the recipient's own address, still works.
    await post({ email: 'ana@exemplo.pt', recover_password: true }, HOME);
    const [message] = await server.database.db.selectFrom('messages').select('_id').execute();
    const code = /loginporlink\/([\w-]+)/.exec(String(await deliverableBody(server.database.db, Number(message!._id))))![1]!;
    const redeemed = await post({ recoverCode: code }, HOME);
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().access).toBeTruthy();
    expect(member.id).toBeGreaterThan(0);
  });
});

describe('recovery and login-link requests (reproduction 5)', () => {
  it('queues at most the per-recipient limit for hundreds of requests, from one address or hundreds', async () => {
    await start();
    await server.createUser('admin', { email: 'vitima@exemplo.pt' });
    const oneAddress = await Promise.all(Array.from({ length: 300 }, () => post({ email: 'vitima@exemplo.pt', recover_password: true }, ATTACKER)));
    expect(statuses(oneAddress)).toEqual({ 204: 300 });
    expect(await messagesTo('vitima@exemplo.pt')).toBe(LINK_REQUESTS_PER_RECIPIENT);
    server.advance(HOUR);
    const manyAddresses = await Promise.all(Array.from({ length: 300 }, (_, i) => post({ email: 'Vitima@Exemplo.pt', recover_password: true }, fresh(i))));
    expect(statuses(manyAddresses)).toEqual({ 204: 300 });
    expect(await messagesTo('vitima@exemplo.pt')).toBe(2 * LINK_REQUESTS_PER_RECIPIENT);
  });

  it('limits login links of accounts without a password the same way', async () => {
    await start();
    const member = await server.createUser('member', { password: null, email: 'socia@exemplo.pt' });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => login(member, '', fresh(i))));
    expect(statuses(responses)).toEqual({ 204: 50 });
    expect(await messagesTo('socia@exemplo.pt')).toBe(LINK_REQUESTS_PER_RECIPIENT);
  });

  it('limits one address asking for many recipients', async () => {
    await start();
    const emails = Array.from({ length: LINK_REQUESTS_PER_ADDRESS + 5 }, (_, i) => `pessoa${i}@exemplo.pt`);
    for (const email of emails) await server.createUser('member', { email });
    for (const email of emails) expect((await post({ email, recover_password: true }, ATTACKER)).statusCode).toBe(204);
    expect(await server.database.db.selectFrom('messages').select('_id').execute()).toHaveLength(LINK_REQUESTS_PER_ADDRESS);
  });

  it('answers exactly the same for an unknown e-mail, under and over the limit', async () => {
    await start();
    await server.createUser('member', { email: 'existe@exemplo.pt' });
    const shape = (r: LightMyRequestResponse) => {
      const { date: _date, ...headers } = r.headers;
      return { status: r.statusCode, body: r.body, headers };
    };
    const answers = [];
    for (let i = 0; i < LINK_REQUESTS_PER_RECIPIENT + 2; i += 1) {
      answers.push(shape(await post({ email: 'existe@exemplo.pt', recover_password: true }, fresh(i))));
      answers.push(shape(await post({ email: 'nao-existe@exemplo.pt', recover_password: true }, fresh(i))));
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(204);
    expect(await messagesTo('existe@exemplo.pt')).toBe(LINK_REQUESTS_PER_RECIPIENT);
    expect(await messagesTo('nao-existe@exemplo.pt')).toBe(0);
  });

  it('prunes old attempts, spent and expired codes, so the tables do not grow without bound', async () => {
    await start();
    await server.createUser('member', { email: 'ana@exemplo.pt' });
    for (let i = 0; i < 3; i += 1) await post({ email: 'ana@exemplo.pt', recover_password: true }, fresh(i));
    const [first] = await server.database.db.selectFrom('messages').select('_id').orderBy('_id').execute();
    const code = /loginporlink\/([\w-]+)/.exec(String(await deliverableBody(server.database.db, Number(first!._id))))![1]!;
    expect((await post({ recoverCode: code }, HOME)).statusCode).toBe(200);
    for (let i = 0; i < 30; i += 1) await post({ recoverCode: `inventado-${i}` }, fresh(i));
    const count = async (table: string) => (await loose(server.database.db).selectFrom(table).select('_id').execute()).length;
    expect(await count('login_codes')).toBe(3);

    server.advance(2 * 60_000);
    await post({ email: 'ninguem@exemplo.pt', recover_password: true }, HOME);
    expect(await count('login_codes')).toBe(2); // the spent one is gone
    server.advance(HOUR);
    await post({ email: 'ninguem@exemplo.pt', recover_password: true }, HOME);
    expect(await count('login_codes')).toBe(0); // expired
    server.advance(LOOKBACK_MS);
    await post({ email: 'ninguem@exemplo.pt', recover_password: true }, HOME);
    expect(await count('auth_attempts')).toBe(1); // only this request's
  });
});

describe('address keys', () => {
  it('keeps IPv4 as is and reduces IPv6 to its /64', () => {
    expect(addressKey('203.0.113.10')).toBe('203.0.113.10');
    expect(addressKey('::ffff:203.0.113.10')).toBe('203.0.113.10');
    expect(addressKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
