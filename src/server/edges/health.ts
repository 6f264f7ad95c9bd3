import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { HealthResponse } from '../../core/contract.js';
import { HttpError } from '../errors.js';
import { HEALTH_DOC } from '../openapi/route-docs.js';
import { packageVersion } from './package-version.js';

/** GET /api/: what the client polls while the server seems unreachable. */
export async function healthRoutes(app: FastifyInstance) {
  const version = packageVersion();

  app.get('/', { config: { public: true, openapi: HEALTH_DOC } }, async (request): Promise<HealthResponse> => {
    // Read at request time: the database of the context is what answers requests now.
    const { db, engine } = app.ctx.database;
    try {
      await sql`SELECT 1`.execute(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database query failed');
      throw new HttpError(503, 'A base de dados não está disponível. Tente novamente dentro de momentos.');
    }
    return { status: 'ok', version, database: 'ok', engine, mode: app.ctx.config.mode };
  });
}
