// Server keys and sealed text (TOTP secrets, message bodies): one module, and every row sealed
// before it still opens.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, totpKey } from '../../src/server/auth/totp.js';
import { seal, serverKey, unseal } from '../../src/server/db/sealing.js';
import { deliverableBody } from '../../src/server/messages/message-secrets.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

// Sealed by the code each feature had before this module, with this key: stored rows look like this.
const OLD_KEY = 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc';
const OLD_TOTP = { userId: 7, secret: 'JBSWY3DPEHPK3PXP', sealed: 'v1.x8J8kgr5D1_G_8Eg.NwPB5LKGgT1mOqefO2P1-w.6EpM_KZcVJYrl6RMO9zGPw' };
const OLD_MESSAGE = {
  recipient: 'ana@exemplo.pt',
  text: 'Entre em https://x.pt/entrar?c=abc',
  sealed: 'v1.rovLP0hmD4prlijW.IAExJzn5-z_z9iKLQJaZ3w.vX1kpHxx8vCnYCGB1_dsQ5hsDBIUL3xBeWBnvOhjJVlfXg',
};

const storeKey = (name: string, value: string) => server.database.db.insertInto('server_secrets').values({ name, value }).execute();

describe('sealed text stored before the shared module', () => {
  it('a TOTP secret opens with the stored totp key, and only for its user', async () => {
    await storeKey('totp', OLD_KEY);
    const key = await totpKey(server.database.db);
    expect(key.toString('base64url')).toBe(OLD_KEY);
    expect(decryptSecret(key, OLD_TOTP.userId, OLD_TOTP.sealed)).toBe(OLD_TOTP.secret);
    expect(() => decryptSecret(key, OLD_TOTP.userId + 1, OLD_TOTP.sealed)).toThrow();
  });

  it('a queued message body opens with the stored message key', async () => {
    await storeKey('message_secrets', OLD_KEY);
    const stamp = new Date().toISOString();
    const row = await server.database.db
      .insertInto('messages')
      .values({
        recipient: OLD_MESSAGE.recipient,
        subject: 'Entrar',
        body: 'Entre em [oculta]',
        sealed_body: OLD_MESSAGE.sealed,
        status: 'pending',
        attempts: 0,
        next_attempt_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('_id')
      .executeTakeFirstOrThrow();
    expect(await deliverableBody(server.database.db, Number(row._id))).toBe(OLD_MESSAGE.text);
  });
});

describe('seal and unseal', () => {
  const key = Buffer.from(OLD_KEY, 'base64url');

  it('opens what it sealed, each time with a fresh IV, and writes the stored format', () => {
    const first = seal(key, 'olá, segredo', 'user:3');
    const second = seal(key, 'olá, segredo', 'user:3');
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(unseal(key, first, 'user:3')).toBe('olá, segredo');
    // What totp.ts writes is the same format.
    expect(unseal(key, encryptSecret(key, 3, 'ABC'), 'user:3')).toBe('ABC');
  });

  it('gives null for other associated data, another key, altered text, a shortened tag or another format', () => {
    const sealed = seal(key, 'segredo', 'ana@exemplo.pt');
    const [format, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal(key, sealed, 'rui@exemplo.pt')).toBeNull();
    expect(unseal(Buffer.alloc(32, 1), sealed, 'ana@exemplo.pt')).toBeNull();
    expect(unseal(key, [format, iv, tag, flipped.toString('base64url')].join('.'), 'ana@exemplo.pt')).toBeNull();
    expect(unseal(key, [format, iv, tag.slice(0, 6), data].join('.'), 'ana@exemplo.pt')).toBeNull();
    expect(unseal(key, ['v2', iv, tag, data].join('.'), 'ana@exemplo.pt')).toBeNull();
    expect(unseal(key, 'texto simples', 'ana@exemplo.pt')).toBeNull();
    expect(unseal(key, `${sealed}.extra`, 'ana@exemplo.pt')).toBeNull();
  });
});

describe('serverKey', () => {
  it('creates a named key of the given size once, stores it, and returns the stored one after', async () => {
    const { db } = server.database;
    const [first, again] = await Promise.all([serverKey(db, 'test key', 40), serverKey(db, 'test key', 40)]);
    expect(first).toHaveLength(40);
    expect(again.equals(first)).toBe(true);
    const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'test key').executeTakeFirstOrThrow();
    expect(Buffer.from(String(row.value), 'base64url').equals(first)).toBe(true);
    // Another executor on the same database (as another instance would) reads the same key.
    const inTransaction = await db.transaction().execute((trx) => serverKey(trx, 'test key'));
    expect(inTransaction.equals(first)).toBe(true);
  });

  it('uses a key already stored instead of creating one', async () => {
    const { db } = server.database;
    await storeKey('outro', OLD_KEY);
    expect((await serverKey(db, 'outro')).toString('base64url')).toBe(OLD_KEY);
  });
});
