import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { actionHandler } from './action-handler.js';
import { parseId, resourceHandlers } from './handlers.js';
import { createListCaches } from './list-caches.js';
import { authorize } from './permissions.js';
import { readRow } from './records.js';
import type { Registry } from './registry.js';
import { etagOf } from './versions.js';

type WithId = FastifyRequest<{ Params: { id: string } }>;

// Lists are answered with JSON text already serialised (and possibly cached).
const JSON_TYPE = 'application/json; charset=utf-8';

/** Parent-child pairs served as GET /{parent}/{id}/{child}: every reference field of a child. */
export function nestedRoutes({ resources, resourceByName }: Registry) {
  return resources.flatMap((child) =>
    child.fields.filter((f) => f.ref && resourceByName(f.ref) && !f.writeOnly).map((field) => ({ parent: resourceByName(field.ref!)!, child, field })),
  );
}

/** The generic list/read/create/update/delete/validate routes of every resource (register with prefix /api). */
export async function resourceRoutes(app: FastifyInstance) {
  const caches = createListCaches(app.ctx.bus, app.ctx.now);
  app.addHook('onClose', async () => caches.close());
  for (const resource of app.registry.resources) {
    const h = resourceHandlers(app, resource, caches);
    const base = `/${resource.name}`;
    app.get(base, async (request, reply) => reply.type(JSON_TYPE).send(await h.list(request)));
    app.get(`${base}/:id`, async (request: WithId, reply) => {
      const answer = await h.read(request);
      return reply.header('etag', etagOf(answer.data)).send(answer);
    });
    app.post(base, async (request, reply) => reply.status(201).send(await h.save(request, 'create')));
    app.put(`${base}/:id`, (request: WithId) => h.save(request, 'replace', parseId(request.params.id)));
    app.patch(`${base}/:id`, (request: WithId) => h.save(request, 'patch', parseId(request.params.id)));
    app.delete(`${base}/:id`, async (request: WithId, reply) => {
      await h.remove(request);
      return reply.status(204).send();
    });
    app.post(`${base}/validate`, async (request, reply) => {
      const errors = await h.validate(request);
      return reply.status(Object.keys(errors).length > 0 ? 422 : 200).send({ errors });
    });
    for (const action of app.registry.actionsOf(resource)) {
      const path = action.on === 'record' ? `${base}/:id/${action.name}` : `${base}/${action.name}`;
      app.post(path, actionHandler(app, resource, action));
    }
  }

  for (const { parent, child, field } of nestedRoutes(app.registry)) {
    const h = resourceHandlers(app, child, caches);
    app.get(`/${parent.name}/:id/${child.name}`, async (request: WithId, reply) => {
      const id = parseId(request.params.id);
      authorize(child, request.caller, 'list');
      if (!(await readRow(app.ctx.database.db, parent, id))) throw notFound();
      return reply.type(JSON_TYPE).send(await h.list(request, { [`_${field.name}`]: String(id) }));
    });
  }
}
