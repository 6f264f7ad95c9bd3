import type { BusEvent } from '../../src/server/realtime/bus.js';
import { createJobs, type Jobs } from '../../src/server/jobs/engine.js';
import type { JobDefinition } from '../../src/server/jobs/types.js';
import { defineModule, type Module } from '../../src/server/modules/define-module.js';
import { appModules } from '../../src/server/modules/index.js';
import { startTestServer, testEngine, type TestServer } from './support/server.js';

/** The application's modules without their own jobs, so only a test's jobs are scheduled and run. */
const withoutJobs: readonly Module[] = appModules.map((module) => ({ ...module, jobs: [] }));

export const modulesWith = (jobs: readonly JobDefinition[]): Module[] => [...withoutJobs, defineModule({ name: 'jobs_test', resources: [], jobs })];

/** A clock every instance of a test shares: it moves only when the test says. */
export interface FakeClock {
  now: number;
  advance(ms: number): void;
}

export function fakeClock(start: number): FakeClock {
  const clock = {
    now: start,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  return clock;
}

export interface JobsInstance {
  server: TestServer;
  jobs: Jobs;
}

/** Servers a test started, closed newest first (the first owns the shared PostgreSQL schema). */
export function instances() {
  const servers: TestServer[] = [];
  return {
    async start(clock: FakeClock, jobs: readonly JobDefinition[]): Promise<JobsInstance> {
      const server = await startTestServer({}, { modules: modulesWith(jobs) });
      servers.push(server);
      server.ctx.now = () => clock.now;
      return { server, jobs: server.app.jobs };
    },
    /**
     * Another instance on the same database: on PostgreSQL a second server on the same schema;
     * on SQLite (one process per file) a second jobs engine beside the first, claiming through
     * the same connection as a second instance would through its own.
     */
    async another(first: JobsInstance, clock: FakeClock, jobs: readonly JobDefinition[]): Promise<Jobs> {
      if (testEngine === 'sqlite') return createJobs(first.server.ctx, modulesWith(jobs), { log: () => undefined });
      const server = await startTestServer({ pgSchema: first.server.database.schema }, { modules: modulesWith(jobs) });
      servers.push(server);
      server.ctx.now = () => clock.now;
      return server.app.jobs;
    },
    async closeAll() {
      for (const server of servers.splice(0).reverse()) await server.close();
    },
  };
}

/** Every event published on an instance's bus from now on. */
export function recordEvents(server: TestServer): BusEvent[] {
  const events: BusEvent[] = [];
  server.ctx.bus.subscribe((event) => events.push(event));
  return events;
}
