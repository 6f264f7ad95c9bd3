import {
  SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
  SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
  SENTRY_TRACES_SAMPLE_RATE,
} from './constants.js';
import { joinUrl } from './http.js';

export interface ErrorReportingConfig {
  dsn?: string | null;
  api: string;
  environment?: string;
  release?: string;
}

/** The subset of @sentry/browser the core uses, named so tests can hand in their own. */
export interface SentryModule {
  init(options: Record<string, unknown>): unknown;
  browserTracingIntegration(): unknown;
  replayIntegration(options: { maskAllInputs: boolean; blockAllMedia: boolean }): unknown;
}

export function sentryOptions(config: ErrorReportingConfig & { dsn: string }, sentry: SentryModule): Record<string, unknown> {
  return {
    dsn: config.dsn,
    // Through our own server, so ad blockers and the page's CSP do not drop reports.
    tunnel: joinUrl(config.api.replace(/\/+$/, ''), 'sentry'),
    environment: config.environment,
    release: config.release,
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: SENTRY_REPLAYS_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
    integrations: [sentry.browserTracingIntegration(), sentry.replayIntegration({ maskAllInputs: true, blockAllMedia: true })],
  };
}

async function loadSentry(): Promise<SentryModule> {
  // Named bindings only, so the bundler keeps the rest of Sentry out; dynamic, so a page
  // without a DSN (and every element on a third-party page) never downloads it.
  const { init, browserTracingIntegration, replayIntegration } = await import('@sentry/browser');
  return { init, browserTracingIntegration, replayIntegration };
}

/** Starts error reporting when a DSN is configured; resolves to whether it did. */
export async function setupErrorReporting(config: ErrorReportingConfig, load: () => Promise<SentryModule> = loadSentry): Promise<boolean> {
  if (!config.dsn) return false;
  const sentry = await load();
  sentry.init(sentryOptions({ ...config, dsn: config.dsn }, sentry));
  return true;
}
