import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseId } from '../resources/handlers.js';
import { AUDIT_TABLE } from './record.js';
import { readHistory } from './history.js';
import { hasHistory } from './has-history.js';

type HistoryRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | string[] | undefined> }>;

/** `GET /api/{res}/{id}/history` for every resource that has one (register with prefix /api). */
export async function auditRoutes(app: FastifyInstance) {
  const auditLog = app.registry.resourceByName(AUDIT_TABLE)!;
  for (const resource of app.registry.resources.filter(hasHistory(app.registry))) {
    app.get(`/${resource.name}/:id/history`, async (request: HistoryRequest) =>
      readHistory(app.ctx.database, auditLog, resource, parseId(request.params.id), request.caller, request.query),
    );
  }
}
