import { describe, expect, it } from 'vitest';
import { runStartup } from '../../src/core/startup.js';
import { sentryOptions, setupErrorReporting, type SentryModule } from '../../src/core/error-reporting.js';

describe('startup order', () => {
  it('runs preparation, routing, error reporting, mounting, socket, in that order, awaiting each', async () => {
    const steps: string[] = [];
    const later = (name: string) => new Promise<void>((r) => setTimeout(() => (steps.push(name), r()), 10));
    const routing = await runStartup({
      prepare: () => later('prepare'),
      createRouting: () => (steps.push('routing'), 'R'),
      setupErrorReporting: () => later('error-reporting'),
      mount: (r) => later(`mount:${r}`),
      connectSocket: () => steps.push('socket'),
    });
    expect(routing).toBe('R');
    expect(steps).toEqual(['prepare', 'routing', 'error-reporting', 'mount:R', 'socket']);
  });

  it('mounts even when error reporting fails to load', async () => {
    const steps: string[] = [];
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await runStartup({
        prepare: () => undefined,
        createRouting: () => null,
        setupErrorReporting: () => Promise.reject(new Error('blocked')),
        mount: () => void steps.push('mount'),
        connectSocket: () => steps.push('socket'),
      });
    } finally {
      console.error = quiet;
    }
    expect(steps).toEqual(['mount', 'socket']);
  });
});

describe('error reporting', () => {
  const fake = () => {
    const calls: { init?: Record<string, unknown>; replay?: unknown } = {};
    const module: SentryModule = {
      init: (o) => (calls.init = o),
      browserTracingIntegration: () => 'tracing',
      replayIntegration: (o) => ((calls.replay = o), 'replay'),
    };
    return { calls, module };
  };

  it('is not loaded without a DSN', async () => {
    let loads = 0;
    const load = () => (loads++, Promise.resolve(fake().module));
    expect(await setupErrorReporting({ dsn: '', api: '/api' }, load)).toBe(false);
    expect(await setupErrorReporting({ dsn: null, api: '/api' }, load)).toBe(false);
    expect(loads).toBe(0);
  });

  it('with a DSN: tunnel {api}/sentry, sample rates, replay masking inputs and blocking media', async () => {
    const { calls, module } = fake();
    expect(await setupErrorReporting({ dsn: 'https://k@x/1', api: 'https://assoc.pt/api/' }, () => Promise.resolve(module))).toBe(true);
    expect(calls.init).toMatchObject({
      dsn: 'https://k@x/1',
      tunnel: 'https://assoc.pt/api/sentry',
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      integrations: ['tracing', 'replay'],
    });
    expect(calls.replay).toEqual({ maskAllInputs: true, blockAllMedia: true });
    expect(sentryOptions({ dsn: 'd', api: '/api' }, module).tunnel).toBe('/api/sentry');
  });
});
