import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Role, TokenPair } from '../../../src/core/contract.js';
import { buildApp } from '../../../src/server/app.js';
import type { IfthenpayConfig } from '../../../src/server/config.js';
import type { ServerContext } from '../../../src/server/context.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { createFileStore } from '../../../src/server/files/create-store.js';
import { startSender, type MessageSender } from '../../../src/server/messages/sender.js';
import { createBus } from '../../../src/server/realtime/create-bus.js';
import type { FirstStartReport } from '../../../src/server/seed/first-start.js';
import { copyDemoTemplate, e2eConfig, seedFirstStart } from './demo-template.js';

export interface E2eAccount {
  username: string;
  password: string;
  name: string;
  role: Role;
}

export interface E2eServer {
  baseUrl: string;
  ctx: ServerContext;
  accounts: Record<Role, E2eAccount>;
  /** Changes settings through the API as the admin, as the settings pages would (events included). */
  setSettings(values: Record<string, string>): Promise<void>;
  /** Moves the server's clock forward (tokens expire as if the time had passed). */
  advance(ms: number): void;
  /** Access and refresh tokens of an account, straight from POST /api/auth. */
  tokensFor(role: Role): Promise<TokenPair>;
  /** Stops answering (connections refused), keeping the database: the server-lost overlay's trigger. */
  stop(): Promise<void>;
  /** Answers again on the same address. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface E2eServerOptions {
  /** SMTP_URL: the outbox is delivered there (as `npm start` does) while setting SendMessages is 'true'; absent: nothing is sent. */
  smtpUrl?: string;
  /** ASSOCIA_IFTHENPAY_*: payment requests go to this provider (a fake ifthenpay's `config`); absent: local references, whatever the environment says. */
  ifthenpay?: IfthenpayConfig;
  /** ASSOCIA_MODE=production on a fresh data directory: the admin account and reference data only, no demo (a real association's first start). */
  production?: boolean;
}

/**
 * The real server as `npm start` prepares it on an empty data directory in test mode:
 * reference data, the admin, the demo organisation (members, tags, an editor and a member
 * account) on a fresh SQLite file, listening on 127.0.0.1 on a free port, serving dist/web.
 */
export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-e2e-'));
  const mode = options.production ? 'production' : 'test';
  const config = e2eConfig(dataDir, { host: '127.0.0.1', port: 0, smtpUrl: options.smtpUrl, ifthenpay: options.ifthenpay, mode });
  // The run's seeded first start, copied (globalSetup); seeded here when a file runs without it, or for production.
  const template = options.production ? null : inject('demoTemplate');
  let report: FirstStartReport;
  if (options.production) {
    report = await seedFirstStart(dataDir, Date.now(), 'production');
  } else if (template) {
    copyDemoTemplate(template, dataDir);
    report = template.report;
  } else {
    report = await seedFirstStart(dataDir, Date.now());
  }
  const database = await openDatabase(config);
  const bus = await createBus(database);
  let offset = 0;
  const ctx: ServerContext = { config, database, bus, files: createFileStore(config, database), now: () => Date.now() + offset };

  const accounts = {} as Record<Role, E2eAccount>;
  for (const account of [report.admin, ...report.demoAccounts]) {
    accounts[account.role] = { username: account.username, password: account.password, name: account.name, role: account.role };
  }

  let app: FastifyInstance | null = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  // As `npm start` does: queued jobs (a year's quotas launched from the back office) run.
  app.jobs.start(config.jobsTickMs);
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('e2e: no TCP address');
  const port = address.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Links in messages (login links, payment links) name the address the server really answers on.
  config.publicUrl = baseUrl;
  // As `npm start` does: the outbox is delivered (only with an SMTP server given).
  const sender: MessageSender | null = options.smtpUrl ? startSender(ctx) : null;

  async function tokensFor(role: Role): Promise<TokenPair> {
    const account = accounts[role];
    const response = await fetch(`${baseUrl}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    if (response.status !== 200) throw new Error(`e2e: login of ${role} failed with ${response.status}`);
    return (await response.json()) as TokenPair;
  }

  return {
    baseUrl,
    ctx,
    accounts,
    advance(ms) {
      offset += ms;
    },
    async setSettings(values) {
      const { access } = await tokensFor('admin');
      const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
      const list = (await (await fetch(`${baseUrl}/api/settings?_limit=-1`, { headers })).json()) as { data: { _id: number; name: string }[] };
      for (const [name, value] of Object.entries(values)) {
        const setting = list.data.find((s) => s.name === name);
        if (!setting) throw new Error(`e2e: no setting ${name}`);
        const response = await fetch(`${baseUrl}/api/settings/${setting._id}`, { method: 'PATCH', headers, body: JSON.stringify({ value }) });
        if (response.status !== 200) throw new Error(`e2e: setting ${name} answered ${response.status}`);
      }
    },
    tokensFor,
    async stop() {
      // Open sockets would keep close() waiting: end them so the page sees the server gone.
      app?.server.closeAllConnections();
      await app?.close();
      app = null;
    },
    async restart() {
      if (app) return;
      app = await buildApp(ctx);
      await app.listen({ host: '127.0.0.1', port });
      app.jobs.start(config.jobsTickMs);
    },
    async close() {
      await sender?.stop();
      if (app) {
        app.server.closeAllConnections();
        await app.close();
      }
      await bus.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
