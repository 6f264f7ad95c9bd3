import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no login and may be called from other sites (CORS). */
    public?: boolean;
  }
}

/** `/api/payment_info/:token` -> a regular expression matching the paths it serves. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Remembers which routes are marked `config: { public: true }`. A normal request knows its
 * route, but a CORS preflight is answered by a catch-all OPTIONS route, so the path it asks
 * about is matched here against the public routes' patterns. Register this before any route.
 */
export function trackPublicRoutes(app: FastifyInstance) {
  const patterns: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.public !== true) return;
    for (const method of [route.method].flat()) patterns.push({ method, pattern: patternOf(route.url) });
  });

  return function isPublic(request: FastifyRequest): boolean {
    const asked = request.headers['access-control-request-method'];
    if (request.method === 'OPTIONS' && typeof asked === 'string') {
      const path = request.url.split('?')[0] ?? '';
      return patterns.some(({ method, pattern }) => method === asked.toUpperCase() && pattern.test(path));
    }
    return request.routeOptions.config?.public === true;
  };
}
