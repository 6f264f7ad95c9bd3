import type { FastifyInstance } from 'fastify';
import { LIST_AFTER } from '../../core/contract.js';
import type { Field, Operation, Resource } from './define.js';
import { RANGE_TYPES } from './list-params.js';
import { withTakeoverDocs } from './takeovers.js';
import type { Registry } from './registry.js';
import { FIELD_KINDS } from '../fields/index.js';
import { nestedRoutes } from './routes.js';
import type { ActionDefinition } from './actions.js';
import { actionInput } from './action-handler.js';
import { packageVersion } from '../edges/package-version.js';
import { withDescribedRoutes } from '../openapi/described-routes.js';
import { OPENAPI_DOC } from '../openapi/route-docs.js';
import { referencePageRoutes } from '../openapi/reference-page.js';
import { hasHistory } from '../audit/has-history.js';
import { isGranted, serves, servesValidate } from './served.js';
import { filterText, LIST_PARAMS, listDescription, OPERATION_TEXTS } from '../openapi/resource-texts.js';
import { exampleRecord } from '../openapi/examples.js';
import { API_INTRODUCTION, EXPLAINER_DESCRIPTION, HISTORY_DESCRIPTION, TERMINOLOGY_DESCRIPTION } from '../openapi/introduction.js';

type Schema = Record<string, unknown>;

const pascal = (name: string) => name.replace(/(^|_)(\w)/g, (_m, _s, c: string) => c.toUpperCase());
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of one field's value. */
function fieldSchema(field: Field): Schema {
  const v = field.validation;
  const schema = FIELD_KINDS[field.type].schema(field);
  const nullable = !v.required && field.type !== 'references' && field.type !== 'boolean' && !['_id', 'created_at', 'updated_at'].includes(field.name);
  if (nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  return { ...schema, title: field.label, ...(field.readOnly ? { readOnly: true } : {}), ...(field.writeOnly ? { writeOnly: true } : {}) };
}

function schemas(resource: Resource): Record<string, Schema> {
  const name = pascal(resource.name);
  const properties = (fields: readonly Field[]) => Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  const inputFields = resource.fields.filter((f) => !f.readOnly);
  return {
    [name]: {
      type: 'object',
      title: resource.labelSingular,
      properties: properties(resource.fields.filter((f) => !f.writeOnly)),
      required: ['_id', 'created_at', 'updated_at'],
    },
    [`${name}Input`]: {
      type: 'object',
      title: `${resource.labelSingular} (escrita)`,
      properties: properties(inputFields),
      required: inputFields.filter((f) => f.validation.required && !f.defaultValue && !f.createDefault).map((f) => f.name),
    },
  };
}

const errors = {
  400: { $ref: '#/components/responses/BadRequest' },
  401: { $ref: '#/components/responses/Unauthorized' },
  403: { $ref: '#/components/responses/Forbidden' },
};
const json = (schema: Schema, example?: unknown) => ({ content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } } });
const idParam = { name: 'id', in: 'path', required: true, description: 'O `_id` do registo.', schema: { type: 'integer' }, example: 1 };

function listParameters(resource: Resource): Schema[] {
  const sortable = resource.fields.filter((f) => f.sortable).flatMap((f) => [f.name, `-${f.name}`]);
  return [
    { name: '_page', in: 'query', description: LIST_PARAMS.page, schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: '_limit', in: 'query', description: LIST_PARAMS.limit, schema: { type: 'integer', default: 100 }, example: 20 },
    { name: LIST_AFTER, in: 'query', description: LIST_PARAMS.after, schema: { type: 'string' } },
    { name: '_sort', in: 'query', description: LIST_PARAMS.sort(resource), schema: { type: 'string', enum: sortable, default: resource.defaultSort } },
    ...(resource.fields.some((f) => f.searchable) ? [{ name: '_search', in: 'query', description: LIST_PARAMS.search(resource), schema: { type: 'string' } }] : []),
    ...resource.fields.filter((f) => f.filterable).map((f) => ({ name: `_${f.name}`, in: 'query', description: filterText(f), schema: { type: 'string' } })),
    ...resource.fields.filter((f) => f.filterable && !f.writeOnly && RANGE_TYPES.has(f.type)).flatMap((f) => [
      { name: `_${f.name}_gte`, in: 'query', description: `${f.label}: a partir de (inclusive)`, schema: FIELD_KINDS[f.type].schema(f) },
      { name: `_${f.name}_lte`, in: 'query', description: `${f.label}: até (inclusive)`, schema: FIELD_KINDS[f.type].schema(f) },
    ]),
    ...(resource.filters ?? []).map((f) =>
      f.integer
        ? { name: `_${f.name}`, in: 'query', description: `Filtro: ${f.label}`, schema: { type: 'integer', minimum: f.integer.min, maximum: f.integer.max } }
        : {
            name: `_${f.name}`,
            in: 'query',
            description: `Filtro: ${f.label} (${f.options.map((o) => `${o.value}: ${o.label}`).join('; ')})`,
            schema: { type: 'string', enum: f.options.map((o) => o.value) },
          },
    ),
  ];
}

function operations(resource: Resource): Record<string, Schema> {
  const name = pascal(resource.name);
  const allowed = (op: Operation) => serves(resource, op);
  const listResponse = { type: 'object', properties: { data: { type: 'array', items: ref(name) }, meta: ref('ListMeta') }, required: ['data', 'meta'] };
  const itemResponse = { type: 'object', properties: { data: ref(name) }, required: ['data'] };
  // Examples built from the field types: what is answered (no write-only field) and what may be sent.
  const record = exampleRecord(resource.fields.filter((f) => !f.writeOnly));
  const listExample = { data: [record], meta: { total: 1, exact: true } };
  const itemExample = { data: record };
  const body = { required: true, ...json(ref(`${name}Input`), exampleRecord(resource.fields.filter((f) => !f.readOnly))) };
  const tag = [resource.label];
  const paths: Record<string, Schema> = {};
  const collection: Schema = {};
  const item: Schema = {};
  if (allowed('list')) collection.get = { tags: tag, summary: `Listar ${resource.label}`, description: listDescription(resource), operationId: `list${name}`, parameters: listParameters(resource), responses: { 200: { description: 'Página de resultados', ...json(listResponse, listExample) }, ...errors } };
  if (allowed('create')) {
    collection.post = {
      tags: tag, summary: `Criar ${resource.labelSingular}`, description: OPERATION_TEXTS.create(resource), operationId: `create${name}`, requestBody: body,
      responses: { 201: { description: 'Criado', ...json(itemResponse, itemExample) }, ...errors, 422: ref422 },
      // A public create (the application form) needs no session, like its route says (config.public).
      ...(resource.access.create.includes('public') ? { security: [] } : {}),
    };
  }
  if (servesValidate(resource)) {
    paths[`/api/${resource.name}/validate`] = { post: { tags: tag, summary: 'Validar sem gravar', description: OPERATION_TEXTS.validate(resource), operationId: `validate${name}`, requestBody: body, responses: { 200: { description: 'Sem erros', ...json(ref('ValidationErrors'), { errors: {} }) }, ...errors, 422: ref422 } } };
  }
  if (allowed('read')) {
    const etag = { ETag: { description: 'A versão do registo (`_version`), entre aspas', schema: { type: 'string' } } };
    item.get = { tags: tag, summary: `Ler ${resource.labelSingular}`, description: OPERATION_TEXTS.read(resource), operationId: `get${name}`, parameters: [idParam], responses: { 200: { description: 'Registo', headers: etag, ...json(itemResponse, itemExample) }, ...errors, 404: ref404 } };
  }
  if (allowed('update')) {
    const write = (summary: string, description: string, operationId: string) => ({
      tags: tag, summary, description, operationId, parameters: [idParam, ifMatch], requestBody: body,
      responses: { 200: { description: 'Atualizado', ...json(itemResponse, itemExample) }, ...errors, 404: ref404, 409: refStale, 422: ref422 },
    });
    item.put = write(`Substituir ${resource.labelSingular}`, OPERATION_TEXTS.replace(resource), `replace${name}`);
    item.patch = write(`Alterar campos de ${resource.labelSingular}`, OPERATION_TEXTS.update(resource), `update${name}`);
  }
  if (allowed('delete')) item.delete = { tags: tag, summary: `Apagar ${resource.labelSingular}`, description: OPERATION_TEXTS.delete(resource), operationId: `delete${name}`, parameters: [idParam, ifMatch], responses: { 204: { description: 'Apagado' }, ...errors, 404: ref404, 409: ref409 } };
  if (Object.keys(collection).length > 0) paths[`/api/${resource.name}`] = collection;
  if (Object.keys(item).length > 0) paths[`/api/${resource.name}/{id}`] = item;
  return paths;
}

const ref404 = { $ref: '#/components/responses/NotFound' };
const ref409 = { $ref: '#/components/responses/Conflict' };
const ref422 = { $ref: '#/components/responses/Invalid' };
const refStale = { $ref: '#/components/responses/StaleVersion' };
const ifMatch = {
  name: 'If-Match', in: 'header', required: false, schema: { type: 'string' },
  description: 'Versão em que a alteração se baseia ("3"), como o campo `_version`; se o registo já tiver outra versão, a resposta é 409 com o registo atual.',
};

/** One declared action: POST with its input fields as the body. */
function actionPath(resource: Resource, action: ActionDefinition): Record<string, Schema> {
  const inputFields = actionInput(resource, action).fields.filter((f) => !f.readOnly);
  const body = {
    type: 'object',
    properties: Object.fromEntries(inputFields.map((f) => [f.name, fieldSchema(f)])),
    required: inputFields.filter((f) => f.validation.required && !f.defaultValue && !f.createDefault).map((f) => f.name),
  };
  const onRecord = action.on === 'record';
  return {
    [`/api/${resource.name}${onRecord ? '/{id}' : ''}/${action.name}`]: {
      post: {
        tags: [resource.label],
        summary: `${action.label} (${onRecord ? resource.labelSingular : resource.label})`,
        description: OPERATION_TEXTS.action(resource, action, inputFields),
        operationId: `${action.name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}${pascal(resource.name)}`,
        ...(onRecord ? { parameters: [idParam] } : {}),
        requestBody: { required: false, ...json(body, exampleRecord(inputFields)) },
        responses: { 200: { description: 'Ação executada', ...json({ type: 'object', properties: { data: {} }, required: ['data'] }) }, ...errors, ...(onRecord ? { 404: ref404 } : {}), 422: ref422 },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the resource API, derived from the definitions. */
function openApiDocument(registry: Registry, version: string): Schema {
  const { resources } = registry;
  const paths: Record<string, Schema> = {};
  for (const resource of resources) Object.assign(paths, operations(resource));
  withTakeoverDocs(paths, registry.takeovers);
  for (const { parent, child, field } of nestedRoutes(registry)) {
    const name = pascal(child.name);
    paths[`/api/${parent.name}/{id}/${child.name}`] = {
      get: {
        tags: [child.label],
        summary: `${child.label} de ${parent.labelSingular} (campo ${field.name})`,
        description: OPERATION_TEXTS.nested(parent, child, field),
        operationId: `list${name}Of${pascal(parent.name)}By${pascal(field.name)}`,
        parameters: [idParam, ...listParameters(child)],
        responses: { 200: { description: 'Página de resultados', ...json({ type: 'object', properties: { data: { type: 'array', items: ref(name) }, meta: ref('ListMeta') } }) }, ...errors, 404: ref404 },
      },
    };
  }
  for (const action of registry.actions.filter((a) => isGranted(a.access))) Object.assign(paths, actionPath(registry.resourceByName(action.resource)!, action));
  for (const resource of resources.filter(hasHistory(registry))) {
    paths[`/api/${resource.name}/{id}/history`] = {
      get: {
        tags: [resource.label],
        summary: `Histórico de alterações de ${resource.labelSingular}`,
        description: HISTORY_DESCRIPTION,
        operationId: `history${pascal(resource.name)}`,
        parameters: [idParam, { name: '_page', in: 'query', description: LIST_PARAMS.page, schema: { type: 'integer', minimum: 1, default: 1 } }, { name: '_limit', in: 'query', description: LIST_PARAMS.limit, schema: { type: 'integer', default: 100 } }],
        responses: { 200: { description: 'Entradas, das mais recentes para as mais antigas', ...json({ type: 'object', properties: { data: { type: 'array', items: ref('AuditLog') }, meta: ref('ListMeta') } }) }, ...errors, 404: ref404 },
      },
    };
  }
  paths['/api/explainer'] = {
    get: { tags: ['Metadados'], summary: 'Campos de cada recurso que o utilizador pode ler', description: EXPLAINER_DESCRIPTION, operationId: 'getExplainer', security: [], responses: { 200: { description: 'Descrição dos recursos', ...json({ type: 'object', properties: { data: { type: 'object' } } }) }, 401: errors[401] } },
  };
  paths['/api/terminology'] = {
    get: {
      tags: ['Metadados'], summary: 'Terminologia da organização', description: TERMINOLOGY_DESCRIPTION, operationId: 'getTerminology', security: [],
      responses: { 200: { description: 'Terminologia', ...json({ type: 'object', properties: { data: { type: 'object', properties: { data: { type: 'object', additionalProperties: { type: 'string' } } } } } }) } },
    },
  };
  const error = { type: 'object', properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } }, required: ['statusCode', 'error', 'message'] };
  const response = (description: string, schema: Schema) => ({ description, ...json(schema) });
  return {
    openapi: '3.1.0',
    info: { title: 'Associa API', version, description: API_INTRODUCTION },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token de acesso (JWT) ou chave de API (ask_...)' } },
      schemas: {
        ...(Object.assign({}, ...resources.map(schemas)) as Record<string, Schema>),
        ListMeta: {
          type: 'object',
          properties: {
            total: { type: 'integer' },
            exact: { type: 'boolean' },
            next: { type: 'string', description: `Depois de uma página completa: o cursor da seguinte, para enviar em ${LIST_AFTER}.` },
          },
          required: ['total'],
        },
        Error: error,
        ValidationErrors: { type: 'object', properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['errors'] },
      },
      responses: {
        BadRequest: response('Pedido inválido', ref('Error')),
        Unauthorized: response('Autenticação necessária', ref('Error')),
        Forbidden: response('Sem permissão', ref('Error')),
        NotFound: response('Registo não encontrado', ref('Error')),
        Conflict: response('Conflito', ref('Error')),
        StaleVersion: response('O registo foi alterado entretanto (code stale_version); data tem o registo atual', {
          allOf: [ref('Error'), { type: 'object', properties: { code: { type: 'string' }, data: { type: 'object' } } }],
        }),
        Invalid: response('Registo com erros de validação', ref('ValidationErrors')),
      },
    },
  };
}

/** GET /api/openapi.json: public, like any API reference. */
export async function openApiRoutes(app: FastifyInstance) {
  let document: Schema | undefined;
  app.get('/openapi.json', { config: { public: true, openapi: OPENAPI_DOC } }, async () => {
    document ??= withDescribedRoutes(openApiDocument(app.registry, packageVersion()), app.routeList);
    return document;
  });
  await app.register(referencePageRoutes);
}
