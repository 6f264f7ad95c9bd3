import type { FastifyInstance } from 'fastify';
import type { RouteDoc } from './openapi/route-doc.js';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  /** How the route describes itself in the OpenAPI document, when it does. */
  doc?: RouteDoc;
  /** The setting that switches the route's module on, if it belongs to an optional module (src/server/modules/module-switch.ts). */
  readonly enabledBy?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the application serves (HEAD and CORS preflight left out). */
    routeList: readonly RouteEntry[];
  }
}

/** Call first in buildApp: routes registered afterwards are listed, so tests can prove each one is checked. */
export function recordRoutes(app: FastifyInstance): void {
  const list: RouteEntry[] = [];
  app.decorate('routeList', list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const doc = route.config?.openapi;
      // Read later: the module switch tags the route in a hook that runs after this one.
      list.push({ method, url: route.url, public: route.config?.public === true, ...(doc ? { doc } : {}), get enabledBy() { return route.config?.enabledBy; } });
    }
  });
}
