import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { errorHandler, notFoundHandler, withErrorCode } from './error-handler.js';
import { recordRoutes } from './route-list.js';
import { sharedValidators } from './openapi/shared-validators.js';
import { OWN_MESSAGE, validateDocumentedBodies } from './openapi/body-validation.js';
import { moduleSwitches, switchModuleRoutes } from './modules/module-switch.js';
import { authPlugin } from './auth/plugin.js';
import { authRoutes } from './auth/routes.js';
import { sessionRoutes } from './auth/session-routes.js';
import { twoFactorRoutes } from './auth/totp-routes.js';
import { guardianRoutes } from './auth/guardian-routes.js';
import { resourcesPlugin } from './resources/plugin.js';
import { createRegistry } from './resources/registry.js';
import type { Module } from './modules/define-module.js';
import { appModules } from './modules/index.js';
import { auditRoutes } from './audit/routes.js';
import { realtimeRoutes } from './realtime/routes.js';
import { securityPlugin } from './edges/security.js';
import { healthRoutes } from './edges/health.js';
import { sentryRoutes } from './edges/sentry.js';
import { filesRoutes } from './files/routes.js';
import { createJobs } from './jobs/engine.js';
import { jobsRoutes } from './jobs/routes.js';
import { webPlugin } from './web/plugin.js';
import { checkingInterval, limitConnections, proxyMatcher } from './edges/connection-limits.js';
import { clientErrorHandler } from './edges/client-errors.js';
import { compressionPlugin } from './edges/compression.js';
import { controlCharactersPlugin } from './edges/control-characters.js';
import { recordServerValues } from './settings/server-values.js';

/**
 * Builds the HTTP application. Each concern is a Fastify plugin; the order below is the
 * order hooks run in (identify the caller before any route decides what it may do).
 */
export interface AppOptions {
  /** The modules the engine serves; tests add their own beside the application's. */
  modules?: readonly Module[];
}

export async function buildApp(ctx: ServerContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const limits = ctx.config.connections;
  const app = Fastify({
    logger: ctx.config.logRequests ? { level: 'info' } : false,
    bodyLimit: ctx.config.bodyLimit,
    // Idle and slow-drip connections are closed instead of holding a slot for ever.
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: checkingInterval(limits) },
    clientErrorHandler,
    // X-Forwarded-For is believed only from the proxies ASSOCIA_TRUST_PROXY names.
    trustProxy: ctx.config.trustProxy.length > 0 ? [...ctx.config.trustProxy] : false,
    // Query strings like `_page=abc` are checked by our own code with pt-PT messages.
    // Route bodies are validated by the schema that documents them (openapi/body-validation.ts),
    // as sent: no coercion, nothing removed; verbose for the schema's own words in messages.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true, keywords: [OWN_MESSAGE] } },
    schemaController: { compilersFactory: { buildValidator: sharedValidators } },
  });
  app.decorate('ctx', ctx);
  // Read-only settings (the files directory) hold this server's configuration before any request.
  await recordServerValues(ctx);
  app.decorate('registry', createRegistry(options.modules ?? appModules));
  // Started by main.ts (tests tick it themselves); stopped before the database closes.
  app.decorate('jobs', createJobs(ctx, app.registry.modules));
  app.addHook('onClose', () => app.jobs.stop());
  // A reverse proxy carries every client's connections: only the total cap applies to it.
  limitConnections(app.server, limits, proxyMatcher(ctx.config.trustProxy));
  recordRoutes(app);
  validateDocumentedBodies(app);
  // Before any route: optional modules' routes answer 404 while their setting is off.
  moduleSwitches(app, app.registry.modules);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('preSerialization', withErrorCode);

  // Before any route: its onSend hook compresses every answer made after it.
  await app.register(compressionPlugin);
  // Before any route: it records which routes are public, for CORS.
  await app.register(securityPlugin, { embedOrigins: ctx.config.embedOrigins });
  // Before any handler reads a string: control characters in input are a 400 naming the field.
  await app.register(controlCharactersPlugin);
  await app.register(authPlugin);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(twoFactorRoutes, { prefix: '/api' });
  await app.register(guardianRoutes, { prefix: '/api' });
  await app.register(resourcesPlugin, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(sentryRoutes, { prefix: '/api' });
  await app.register(filesRoutes, { prefix: '/api' });
  await app.register(jobsRoutes, { prefix: '/api' });
  for (const module of app.registry.modules) {
    if (module.routes) {
      await app.register(
        async (scope) => {
          switchModuleRoutes(scope, module);
          module.routes!(scope);
        },
        { prefix: '/api' },
      );
    }
  }
  // Last: its catch-all GET serves the host page wherever no API route answers.
  await app.register(webPlugin, { sentryDsn: ctx.config.sentryDsn });
  return app;
}
