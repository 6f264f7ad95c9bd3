// Public rate limits count once across instances on PostgreSQL (one table, one atomic statement
// per hit) and per process on SQLite (in memory; only one process may open the file).
import { describe, expect, it } from 'vitest';
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { PUBLIC_READ_LIMIT } from '../../src/server/modules/applications/limits.js';
import { CARD_VERIFY_LIMIT } from '../../src/server/modules/cards/routes.js';
import { PAYMENT_INFO_LIMITS } from '../../src/server/modules/payment-links/routes.js';
import { RATE_LIMIT_KEY_NAME, SWEEP_EVERY_MS } from '../../src/server/edges/rate-limit-windows.js';
import { serverKey } from '../../src/server/db/sealing.js';
import { serversClosedAfterEach, testEngine, type TestServer } from './support/server.js';

const start = serversClosedAfterEach();

const ADDRESS = '198.51.100.77';
const cardCheck = (server: TestServer, ip = ADDRESS, code = 'NAOEXISTE1') =>
  server.request({ method: 'GET', url: `/api/membership_cards/verify/${code}`, remoteAddress: ip });
const paymentInfo = (server: TestServer, token: string, ip: string) => server.request({ method: 'GET', url: `/api/payment_info/${token}`, remoteAddress: ip });
const applicationForm = (server: TestServer, ip = ADDRESS) => server.request({ method: 'GET', url: '/api/member_applications/form', remoteAddress: ip });
/** Distinct documentation addresses, none of them ADDRESS. */
const otherAddress = (n: number) => `192.0.2.${(n % 250) + 1}`;

const windowRows = (server: TestServer) =>
  server.database.db.selectFrom('rate_limit_windows').select(['limiter', 'key_hash', 'hits']).orderBy('limiter').orderBy('key_hash').execute();

if (testEngine === 'postgres') {
  describe('rate limits shared by two instances on one PostgreSQL database', () => {
    async function pair() {
      const first = await start();
      const second = await start({ pgSchema: first.database.schema });
      expect(second.database.schema).toBe(first.database.schema);
      return {
        first,
        second,
        /** Both instances' clocks move together, as two hosts' do. */
        advance(ms: number) {
          first.advance(ms);
          second.advance(ms);
        },
      };
    }

    it('card checks: 60 a minute from one address split across both are allowed, the 61st refused on either, until the window passes', async () => {
      const { first, second, advance } = await pair();
      for (let i = 0; i < CARD_VERIFY_LIMIT.max; i += 1) expect((await cardCheck(i % 2 === 0 ? first : second)).statusCode).toBe(404);
      for (const server of [first, second]) {
        const refused = await cardCheck(server);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.json().message).toMatch(/^Demasiadas verificações seguidas\. Aguarde \d+ segundos? e tente novamente\.$/);
      }
      // Another address is not held up on either.
      expect((await cardCheck(second, otherAddress(1))).statusCode).toBe(404);
      advance(CARD_VERIFY_LIMIT.windowMs);
      expect((await cardCheck(second)).statusCode).toBe(404);
      expect((await cardCheck(first)).statusCode).toBe(404);
    });

    it('concurrent card checks on both instances: exactly the limit gets through', async () => {
      const { first, second } = await pair();
      const answers = await Promise.all(Array.from({ length: CARD_VERIFY_LIMIT.max + 40 }, (_, i) => cardCheck(i % 2 === 0 ? first : second)));
      expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(CARD_VERIFY_LIMIT.max);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40);
      expect((await windowRows(first)).find((row) => row.limiter === 'cards.verify')?.hits).toBe(CARD_VERIFY_LIMIT.max + 40);
    });

    it("one payment link's requests from many addresses are counted once across both instances", async () => {
      const { first, second, advance } = await pair();
      const token = 'T'.repeat(43);
      for (let i = 0; i < PAYMENT_INFO_LIMITS.perToken.max; i += 1) {
        const answer = await paymentInfo(i % 2 === 0 ? first : second, token, otherAddress(i));
        expect(answer.statusCode).toBe(404);
        expect(answer.json().code).toBe('payment_link_invalid');
      }
      for (const server of [first, second]) {
        const refused = await paymentInfo(server, token, otherAddress(200));
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['referrer-policy']).toBe('no-referrer');
        expect(refused.json().message).toBe('Demasiados pedidos. Aguarde 1 minuto e tente novamente.');
      }
      advance(PAYMENT_INFO_LIMITS.perToken.windowMs);
      expect((await paymentInfo(second, token, otherAddress(201))).statusCode).toBe(404);
    });

    it("the application form's openings from one address are counted once across both instances", async () => {
      const { first, second, advance } = await pair();
      for (let i = 0; i < PUBLIC_READ_LIMIT.max; i += 1) expect((await applicationForm(i % 2 === 0 ? first : second)).statusCode).not.toBe(429);
      for (const server of [first, second]) {
        const refused = await applicationForm(server);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe('Foram abertos demasiados formulários a partir deste endereço. Tente novamente dentro de 1 minuto.');
      }
      advance(PUBLIC_READ_LIMIT.windowMs);
      expect((await applicationForm(first)).statusCode).not.toBe(429);
    });

    it('stores keys as an HMAC under the server key both instances share, never the address, one row per limit and key', async () => {
      const { first, second } = await pair();
      await cardCheck(first);
      await applicationForm(second);
      await paymentInfo(first, 'U'.repeat(43), ADDRESS);
      const rows = await windowRows(first);
      const key = await serverKey(first.database.db, RATE_LIMIT_KEY_NAME);
      const hashOf = (value: string) => createHmac('sha256', key).update(value).digest('hex');
      const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
      expect(rows).toEqual([
        { limiter: 'applications.form', key_hash: hashOf(ADDRESS), hits: 1 },
        { limiter: 'cards.verify', key_hash: hashOf(ADDRESS), hits: 1 },
        { limiter: 'payment-links.address', key_hash: hashOf(ADDRESS), hits: 1 },
        // A payment link's key is already its token's hash; the table holds a hash of that.
        { limiter: 'payment-links.token', key_hash: hashOf(sha256('U'.repeat(43))), hits: 1 },
      ]);
      const dump = JSON.stringify(await first.database.db.selectFrom('rate_limit_windows').selectAll().execute());
      expect(dump).not.toContain(ADDRESS);
      expect(dump).not.toContain('U'.repeat(43));
      // Counters skip the WAL: a crash loses only windows, which is a reset.
      const { rows: kind } = await sql<{ persistence: string }>`SELECT relpersistence AS persistence FROM pg_class WHERE oid = 'rate_limit_windows'::regclass`.execute(first.database.db);
      expect(kind).toEqual([{ persistence: 'u' }]);
    });

    it('sweeps windows long over now and then', async () => {
      const { first, second, advance } = await pair();
      await cardCheck(first, otherAddress(10));
      await cardCheck(second, otherAddress(11));
      advance(SWEEP_EVERY_MS + 2 * CARD_VERIFY_LIMIT.windowMs);
      // Each instance sweeps at most every SWEEP_EVERY_MS; this hit's is due.
      await cardCheck(first);
      const key = await serverKey(first.database.db, RATE_LIMIT_KEY_NAME);
      expect(await windowRows(first)).toEqual([{ limiter: 'cards.verify', key_hash: createHmac('sha256', key).update(ADDRESS).digest('hex'), hits: 1 }]);
    });
  });
} else {
  describe('rate limits on SQLite: one process, counted in memory', () => {
    it('card checks: 60 a minute from one address, the 61st refused, until the window passes', async () => {
      const server = await start();
      for (let i = 0; i < CARD_VERIFY_LIMIT.max; i += 1) expect((await cardCheck(server)).statusCode).toBe(404);
      const refused = await cardCheck(server);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/^Demasiadas verificações seguidas\. Aguarde \d+ segundos? e tente novamente\.$/);
      expect((await cardCheck(server, otherAddress(1))).statusCode).toBe(404);
      server.advance(CARD_VERIFY_LIMIT.windowMs);
      expect((await cardCheck(server)).statusCode).toBe(404);
      // Nothing reaches the table: the counters live in the process.
      expect(await windowRows(server)).toEqual([]);
    });

    it("one payment link's requests from many addresses are limited, until the window passes", async () => {
      const server = await start();
      const token = 'T'.repeat(43);
      for (let i = 0; i < PAYMENT_INFO_LIMITS.perToken.max; i += 1) expect((await paymentInfo(server, token, otherAddress(i))).statusCode).toBe(404);
      const refused = await paymentInfo(server, token, otherAddress(200));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Demasiados pedidos. Aguarde 1 minuto e tente novamente.');
      server.advance(PAYMENT_INFO_LIMITS.perToken.windowMs);
      expect((await paymentInfo(server, token, otherAddress(201))).statusCode).toBe(404);
    });

    it("the application form's openings from one address are limited, until the window passes", async () => {
      const server = await start();
      for (let i = 0; i < PUBLIC_READ_LIMIT.max; i += 1) expect((await applicationForm(server)).statusCode).not.toBe(429);
      const refused = await applicationForm(server);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Foram abertos demasiados formulários a partir deste endereço. Tente novamente dentro de 1 minuto.');
      server.advance(PUBLIC_READ_LIMIT.windowMs);
      expect((await applicationForm(server)).statusCode).not.toBe(429);
    });
  });
}
