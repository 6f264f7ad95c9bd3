import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role, TokenPair } from '../../../src/core/contract.js';
import { buildApp, type AppOptions } from '../../../src/server/app.js';
import { loadConfig, type Config } from '../../../src/server/config.js';
import type { ServerContext } from '../../../src/server/context.js';
import { openDatabase, type Database, type Engine } from '../../../src/server/db/database.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { createFileStore } from '../../../src/server/files/create-store.js';
import { appMigrations } from '../../../src/server/modules/migrations.js';
import { hashPassword } from '../../../src/server/auth/passwords.js';
import { createBus } from '../../../src/server/realtime/create-bus.js';
import { prepareFirstStart } from '../../../src/server/seed/first-start.js';
import { copyMigratedTemplate, type TemplateCopy } from './template-database.js';

/** The engine server tests run on: `ASSOCIA_TEST_ENGINE=postgres` (with DATABASE_URL) or SQLite. */
export const testEngine: Engine = process.env.ASSOCIA_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  role: Role;
  memberId: number | null;
}

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  database: Database;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  createUser(role: Role, extra?: { memberId?: number | null; password?: string | null; email?: string }): Promise<TestUser>;
  login(user: TestUser): Promise<TokenPair>;
  /** `app.inject` with a bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let userCounter = 0;

/** The PostgreSQL database each test server's schema lives in, so a second instance can join it. */
const databaseOfSchema = new Map<string, string>();

/**
 * A real server on a fresh, migrated database: a copy of the run's template (a SQLite file in a
 * temporary directory, or a new PostgreSQL database with a schema of its own). Nothing is shared
 * between two test servers, except when `overrides.pgSchema` names another server's schema: then
 * this one is a second instance on that server's database.
 */
export async function startTestServer(overrides: Partial<Config> = {}, appOptions: AppOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-test-'));
  const usePostgres = testEngine === 'postgres';
  if (usePostgres && !process.env.DATABASE_URL) throw new Error('ASSOCIA_TEST_ENGINE=postgres needs DATABASE_URL');
  const joined = overrides.pgSchema === undefined ? undefined : databaseOfSchema.get(overrides.pgSchema);
  // A test restarting a server on its data directory keeps the database it finds there.
  const reused = !usePostgres && fs.existsSync(path.join(overrides.dataDir ?? dataDir, 'associa.db'));
  const template = joined === undefined && !reused ? inject('migratedTemplate') : null;
  let copy: TemplateCopy | null = null;
  let fresh: { databaseUrl: string | undefined; pgSchema: string | undefined };
  if (joined !== undefined) fresh = { databaseUrl: joined, pgSchema: overrides.pgSchema };
  else if (template && template.engine === testEngine) fresh = copy = await copyMigratedTemplate(template, overrides.dataDir ?? dataDir);
  else fresh = { databaseUrl: usePostgres ? process.env.DATABASE_URL : undefined, pgSchema: usePostgres ? `t_${randomBytes(6).toString('hex')}` : undefined };
  const config = loadConfig(
    { ...process.env, ASSOCIA_MODE: 'test' },
    {
      dataDir,
      databaseUrl: fresh.databaseUrl,
      pgSchema: fresh.pgSchema,
      publicUrl: 'http://associa.test',
      smtpUrl: undefined,
      sentryDsn: undefined,
      logRequests: false,
      ...overrides,
    },
  );
  const database = await openDatabase(config);
  // Without a template (a file run outside this config's globalSetup) the server migrates its own.
  if (!copy) await migrate(database.db, database.engine, appMigrations);
  const ownSchema = joined === undefined && !copy ? fresh.pgSchema : undefined;
  // Known while this server runs, so a second instance can join its schema.
  const registered = joined === undefined && fresh.pgSchema && fresh.databaseUrl ? fresh.pgSchema : undefined;
  if (registered) databaseOfSchema.set(registered, fresh.databaseUrl!);
  let offset = 0;
  const ctx: ServerContext = { config, database, bus: await createBus(database), files: createFileStore(config, database), now: () => Date.now() + offset };
  const app = await buildApp(ctx, appOptions);
  await app.ready();

  const server: TestServer = {
    app,
    ctx,
    database,
    advance(ms) {
      offset += ms;
    },
    async createUser(role, extra = {}) {
      userCounter += 1;
      const username = `${role}${userCounter}`;
      const password = `senha-${username}-${randomBytes(4).toString('hex')}`;
      const stamp = new Date(ctx.now()).toISOString();
      const row = await database.db
        .insertInto('users')
        .values({
          username,
          name: `Utilizador ${username}`,
          email: extra.email ?? `${username}@exemplo.pt`,
          role,
          member: extra.memberId ?? null,
          active: 1,
          password_hash: extra.password === null ? null : await hashPassword(extra.password ?? password),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('_id')
        .executeTakeFirstOrThrow();
      return { id: Number(row._id), username, password: extra.password ?? password, role, memberId: extra.memberId ?? null };
    },
    async login(user) {
      const response = await app.inject({ method: 'POST', url: '/api/auth', payload: { username: user.username, password: user.password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json<TokenPair>();
    },
    request({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await ctx.bus.close();
      await database.close();
      if (registered) databaseOfSchema.delete(registered);
      await copy?.drop();
      if (ownSchema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${ownSchema} CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A test server whose database holds the demo organisation, seeded as the first start in test mode does. */
export async function startDemoServer(): Promise<TestServer> {
  const server = await startTestServer();
  await prepareFirstStart(server.database, loadConfig({ ASSOCIA_MODE: 'test' }, { dataDir: server.ctx.config.dataDir }), server.ctx.now());
  return server;
}

/**
 * A start function for a test file whose servers are closed after each test, newest first: on
 * PostgreSQL the first one owns (and drops) a schema the later ones may share.
 */
export function serversClosedAfterEach(): (overrides?: Partial<Config>) => Promise<TestServer> {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await server.close();
  });
  return async (overrides = {}) => {
    const server = await startTestServer(overrides);
    servers.push(server);
    return server;
  };
}
