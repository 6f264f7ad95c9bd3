import type { FastifyInstance } from 'fastify';
import { SETTINGS_SCHEMA_PATH, type SettingsSchemaResponse } from '../../core/settings-schema.js';
import { unauthorized } from '../errors.js';
import { SETTINGS_SCHEMA_DOC } from '../openapi/route-docs.js';
import { SETTINGS } from './catalogue.js';

/** GET /api/settings/schema: what each declared setting is and takes, for anyone signed in (the settings forms render from it). */
export async function settingsSchemaRoutes(app: FastifyInstance) {
  app.get(`/${SETTINGS_SCHEMA_PATH}`, { config: { openapi: SETTINGS_SCHEMA_DOC } }, async (request): Promise<SettingsSchemaResponse> => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    return { data: { settings: SETTINGS.schema() } };
  });
}
