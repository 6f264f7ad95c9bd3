import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';
import type { Resource } from '../define.js';
import { authorize } from '../permissions.js';
import { serves } from '../served.js';
import { MAX_BULK_IDS, readBulkRequest } from './input.js';
import { BULK_JOB, BULK_JOB_THRESHOLD, serveBulkJobs, type BulkPayload } from './job.js';
import { runInOneTransaction, type BulkOperation } from './run.js';

const ROUTES: Record<BulkOperation, string> = { update: 'bulk_update', delete: 'bulk_delete' };

const ids: JsonSchema = { type: 'array', items: { type: 'integer' }, description: `Os registos, um a um (no máximo ${MAX_BULK_IDS.toLocaleString('pt-PT')})` };
const query: JsonSchema = { type: 'string', description: 'Ou todos os que a lista mostra com estes filtros, como no seu endereço (`_search=ana&_state=2`); paginação e ordem não contam' };
const linkChanges: JsonSchema = { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer' } } };

function doc(resource: Resource, operation: BulkOperation): RouteDoc {
  const update = operation === 'update';
  return {
    tags: [resource.label],
    summary: update ? `Alterar vários registos (${resource.label})` : `Apagar vários registos (${resource.label})`,
    description:
      `${update ? 'Aplica a mesma alteração (como um PATCH) a cada registo' : 'Apaga cada registo'} escolhido por \`ids\` ou por \`query\`. ` +
      `Cada registo passa pelas mesmas permissões, validações e auditoria que ${update ? 'a alteração' : 'o apagamento'} de um só. ` +
      `Até ${BULK_JOB_THRESHOLD} registos, tudo numa transação: o primeiro registo recusado anula todos e a resposta é a sua recusa, com o identificador. ` +
      `Acima, uma tarefa em segundo plano (202) com progresso no tópico \`jobs\`; os registos recusados ficam no resultado da tarefa e os outros são alterados.` +
      (update ? ' `add` e `remove` juntam ou tiram identificadores de campos com vários valores (as etiquetas de um sócio).' : ''),
    body: {
      schema: update
        ? { type: 'object', properties: { ids, query, changes: { type: 'object', description: 'Campos a alterar em cada registo' }, add: linkChanges, remove: linkChanges } }
        : { type: 'object', properties: { ids, query } },
    },
    responses: {
      200: { description: 'Feito numa transação', schema: objectSchema({ data: objectSchema({ done: { type: 'integer' } }) }) },
      202: {
        description: 'Entregue a uma tarefa em segundo plano',
        schema: objectSchema({ data: objectSchema({ total: { type: 'integer' }, job: objectSchema({ _id: { type: 'integer' }, state: { type: 'string' }, name: { type: 'string' } }) }) }),
      },
    },
    errors: [400, 401, 403, 404, 409, 422],
  };
}

/**
 * POST /{res}/bulk_update and /{res}/bulk_delete for every resource someone may update or
 * delete: small sets in one transaction, large ones as a job (register with prefix /api).
 */
export function bulkRoutes(app: FastifyInstance) {
  serveBulkJobs(app);
  for (const resource of app.registry.resources) {
    for (const operation of ['update', 'delete'] as const) {
      if (!serves(resource, operation)) continue;
      app.post(`/${resource.name}/${ROUTES[operation]}`, { config: { openapi: doc(resource, operation) } }, async (request: FastifyRequest, reply) => {
        const { caller } = request;
        const granted = authorize(resource, caller, operation);
        const bulk = await readBulkRequest(app.ctx.database, resource, request.body, operation, granted, app.ctx.now());
        const actor = { caller, address: request.ip ?? null };
        if (bulk.ids.length <= BULK_JOB_THRESHOLD) return { data: { done: await runInOneTransaction(app, resource, operation, actor, bulk) } };
        const payload: BulkPayload = { ...bulk, resource: resource.name, operation, ...actor };
        const job = await app.jobs.enqueue(app.ctx.database.db, {
          name: BULK_JOB,
          key: `${BULK_JOB}:${resource.name}:${operation}:${new Date(app.ctx.now()).toISOString()}:${caller.kind === 'anonymous' ? 0 : caller.id}`,
          payload,
          requestedBy: caller.kind === 'user' ? caller.id : null,
        });
        app.jobs.wake();
        return reply.status(202).send({ data: { total: bulk.ids.length, job: { _id: Number(job._id), state: job.state, name: job.name } } });
      });
    }
  }
}
