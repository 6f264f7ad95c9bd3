import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema, RouteDoc } from '../openapi/route-doc.js';

/**
 * Another answer on a resource's own list or record address, for requests that ask for it
 * (a query parameter, an Accept header): SPEC 7's cards are read at GET membership_cards?type
 * and GET membership_cards/{id}, which stay the generic list and record for everyone else.
 * Fastify has one handler per method and path, so the engine asks the takeovers first.
 */
export interface RequestTakeover {
  resource: string;
  /** The generic route answered instead: the list (GET /{res}), the record (GET /{res}/{id}) or the create (POST /{res}). */
  on: 'list' | 'read' | 'create';
  /** Whether this request is the takeover's; must not look at anything the generic route reads. */
  when(request: FastifyRequest): boolean;
  /** The whole answer, access checks included (the generic ones are not run). */
  handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** Added to the generic operation in the OpenAPI document. */
  doc: Pick<RouteDoc, 'description' | 'responses' | 'errors'> & { query?: RouteDoc['query']; headers?: Record<string, JsonSchema & { description: string }> };
}

export const defineTakeover = (takeover: RequestTakeover): RequestTakeover => takeover;

/** The takeover this request is for, if any. */
export function takeoverOf(takeovers: readonly RequestTakeover[], resource: string, on: RequestTakeover['on'], request: FastifyRequest): RequestTakeover | undefined {
  return takeovers.find((t) => t.resource === resource && t.on === on && t.when(request));
}

type Operation = Record<string, unknown> & { description?: string; parameters?: JsonSchema[]; responses?: Record<string, unknown> };

/**
 * The generic operations of the OpenAPI paths with each takeover's parameters, answers and a
 * paragraph saying when it answers instead. Paths of routes a resource does not serve are left as they are.
 */
export function withTakeoverDocs(paths: Record<string, JsonSchema>, takeovers: readonly RequestTakeover[]): void {
  for (const takeover of takeovers) {
    const path = takeover.on === 'read' ? `/api/${takeover.resource}/{id}` : `/api/${takeover.resource}`;
    const operation = (paths[path] as Record<string, Operation> | undefined)?.[takeover.on === 'create' ? 'post' : 'get'];
    if (!operation) continue;
    const { doc } = takeover;
    const content = (answer: RouteDoc['responses'][number]) => (answer.schema ? { content: { [answer.type ?? 'application/json']: { schema: answer.schema } } } : {});
    operation.description = `${operation.description ?? ''}\n\n${doc.description}`.trim();
    operation.parameters = [
      ...(operation.parameters ?? []),
      ...Object.entries(doc.query ?? {}).map(([name, { description, ...schema }]) => ({ name, in: 'query', required: false, ...(description ? { description } : {}), schema })),
      ...Object.entries(doc.headers ?? {}).map(([name, { description, ...schema }]) => ({ name, in: 'header', required: false, description, schema })),
    ];
    operation.responses = {
      ...operation.responses,
      ...Object.fromEntries(Object.entries(doc.responses).map(([status, answer]) => [status, { description: answer.description, ...content(answer) }])),
      ...Object.fromEntries(doc.errors.filter((status) => !operation.responses?.[status]).map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
    };
  }
}
