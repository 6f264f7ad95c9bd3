import type { FastifyInstance } from 'fastify';
import { explainerRoutes } from './explainer.js';
import { openApiRoutes } from './openapi.js';
import { settingsSchemaRoutes } from '../settings/routes.js';
import { resourceRoutes } from './routes.js';
import { terminologyRoutes } from './terminology.js';

/** Everything under src/server/resources, registered once with prefix /api. */
export async function resourcesPlugin(app: FastifyInstance) {
  await app.register(resourceRoutes);
  await app.register(settingsSchemaRoutes);
  await app.register(explainerRoutes);
  await app.register(terminologyRoutes);
  await app.register(openApiRoutes);
}
