import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { recordRoutes } from './route-list.js';
import { authPlugin } from './auth/plugin.js';
import { authRoutes } from './auth/routes.js';
import { sessionRoutes } from './auth/session-routes.js';
import { twoFactorRoutes } from './auth/totp-routes.js';
import { resourcesPlugin } from './resources/plugin.js';
import { auditRoutes } from './audit/routes.js';
import { realtimeRoutes } from './realtime/routes.js';
import { securityPlugin } from './edges/security.js';
import { healthRoutes } from './edges/health.js';
import { sentryRoutes } from './edges/sentry.js';
import { webPlugin } from './web/plugin.js';

/**
 * Builds the HTTP application. Each concern is a Fastify plugin; the order below is the
 * order hooks run in (identify the caller before any route decides what it may do).
 */
export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.config.logRequests ? { level: 'info' } : false,
    bodyLimit: ctx.config.bodyLimit,
    // X-Forwarded-For is believed only from the proxies ASSOCIA_TRUST_PROXY names.
    trustProxy: ctx.config.trustProxy.length > 0 ? [...ctx.config.trustProxy] : false,
    // Query strings like `_page=abc` are checked by our own code with pt-PT messages.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  app.decorate('ctx', ctx);
  recordRoutes(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  // Before any route: it records which routes are public, for CORS.
  await app.register(securityPlugin, { embedOrigins: ctx.config.embedOrigins });
  await app.register(authPlugin);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(twoFactorRoutes, { prefix: '/api' });
  await app.register(resourcesPlugin, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(sentryRoutes, { prefix: '/api' });
  // Last: its catch-all GET serves the host page wherever no API route answers.
  await app.register(webPlugin, { sentryDsn: ctx.config.sentryDsn });
  return app;
}
