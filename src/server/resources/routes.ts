import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.js';
import { actionHandler } from './action-handler.js';
import { parseId, resourceHandlers } from './handlers.js';
import { createListCaches } from './list-caches.js';
import { authorize } from './permissions.js';
import { readRow } from './records.js';
import type { Resource } from './define.js';
import type { Registry } from './registry.js';
import { isGranted, serves, servesValidate } from './served.js';
import { takeoverOf } from './takeovers.js';
import { etagOf } from './versions.js';
import { CompressibleBody, sendCompressible } from '../edges/compressed-body.js';
import { answerCsvExport, exportDoc, exportPath } from './csv-export.js';

type WithId = FastifyRequest<{ Params: { id: string } }>;

// Lists are answered with JSON text already serialised (and possibly cached).
const JSON_TYPE = 'application/json; charset=utf-8';

/** A list answer: made whole (cached, compressed once per encoding) or streamed (compressed as a stream by the compression plugin). */
const sendList = (request: FastifyRequest, reply: FastifyReply, answer: CompressibleBody | Readable) =>
  answer instanceof CompressibleBody ? sendCompressible(request, reply.type(JSON_TYPE), answer) : reply.type(JSON_TYPE).send(answer);

/**
 * Parent-child pairs served as GET /{parent}/{id}/{child}: the child's list filtered by one of its
 * reference fields, so only references the child may be filtered on, of a child someone may list.
 */
export function nestedRoutes({ resources, resourceByName }: Registry) {
  const nests = (f: Resource['fields'][number]) => Boolean(f.ref && resourceByName(f.ref) && !f.writeOnly && f.filterable);
  return resources.filter((child) => serves(child, 'list')).flatMap((child) =>
    child.fields
      // Two references to one parent: the first names the route.
      .filter((f, i, fields) => nests(f) && fields.findIndex((g) => g.ref === f.ref && nests(g)) === i)
      .map((field) => ({ parent: resourceByName(field.ref!)!, child, field })),
  );
}

/** The generic list/read/create/update/delete/validate routes of every resource, each only if granted (register with prefix /api). */
export async function resourceRoutes(app: FastifyInstance) {
  const caches = createListCaches(app.ctx.bus, app.ctx.now);
  app.addHook('onClose', async () => caches.close());
  for (const resource of app.registry.resources) {
    const h = resourceHandlers(app, resource, caches);
    const base = `/${resource.name}`;
    const { takeovers } = app.registry;
    if (serves(resource, 'list')) {
      app.get(base, async (request, reply) => {
        const takeover = takeoverOf(takeovers, resource.name, 'list', request);
        return takeover ? takeover.handle(request, reply) : sendList(request, reply, await h.listOrStream(request));
      });
      app.get(exportPath(resource), { config: { openapi: exportDoc(resource) } }, (request, reply) => answerCsvExport(app, resource, request, reply));
    }
    if (serves(resource, 'read')) {
      app.get(`${base}/:id`, async (request: WithId, reply) => {
        const takeover = takeoverOf(takeovers, resource.name, 'read', request);
        if (takeover) return takeover.handle(request, reply);
        const answer = await h.read(request);
        return reply.header('etag', etagOf(answer.data)).send(answer);
      });
    }
    if (serves(resource, 'create')) {
      // A public create (an application form on another site) may be posted from other origins.
      app.post(base, { config: { public: resource.access.create.includes('public') } }, async (request, reply) => {
        const takeover = takeoverOf(takeovers, resource.name, 'create', request);
        return takeover ? takeover.handle(request, reply) : reply.status(201).send(await h.save(request, 'create'));
      });
    }
    if (serves(resource, 'update')) {
      app.put(`${base}/:id`, (request: WithId) => h.save(request, 'replace', parseId(request.params.id)));
      app.patch(`${base}/:id`, (request: WithId) => h.save(request, 'patch', parseId(request.params.id)));
    }
    if (serves(resource, 'delete')) {
      app.delete(`${base}/:id`, async (request: WithId, reply) => {
        await h.remove(request);
        return reply.status(204).send();
      });
    }
    if (servesValidate(resource)) {
      app.post(`${base}/validate`, async (request, reply) => {
        const errors = await h.validate(request);
        return reply.status(Object.keys(errors).length > 0 ? 422 : 200).send({ errors });
      });
    }
    for (const action of app.registry.actionsOf(resource).filter((a) => isGranted(a.access))) {
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
      return sendList(request, reply, await h.listOrStream(request, { [`_${field.name}`]: String(id) }));
    });
  }
}
