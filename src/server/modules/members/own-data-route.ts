import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../errors.js';
import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { parseId } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { members } from './members.js';
import { gatherOwnData, ownDataCsv } from './own-data.js';

const FORMATS = ['json', 'csv'] as const;
type Format = (typeof FORMATS)[number];

const OWN_DATA_DOC: RouteDoc = {
  tags: ['Sócios'],
  summary: 'Exportar os dados de um sócio (RGPD)',
  description:
    'Direito de acesso (RGPD): a ficha do sócio, as suas dívidas, pagamentos, cartões e as mensagens enviadas para o seu endereço de e-mail, num só ficheiro. ' +
    '`format=json` (por omissão) responde { data: { member, sections: [{ resource, label, records }] } }; `format=csv` responde um CSV (separador ";", UTF-8 com BOM) ' +
    'com uma linha por valor: secção, registo, campo e valor. Um sócio só pode pedir os seus; administradores, editores e chaves de API, os de qualquer sócio. ' +
    'Os campos reservados aos serviços (notas) só vão para quem os pode ler.',
  query: { format: { type: 'string', enum: [...FORMATS], description: 'json (por omissão) ou csv' } },
  responses: {
    200: {
      description: 'Os dados do sócio',
      schema: objectSchema({
        data: objectSchema({
          member: { type: 'object' },
          sections: { type: 'array', items: objectSchema({ resource: { type: 'string' }, label: { type: 'string' }, records: { type: 'array', items: { type: 'object' } } }) },
        }),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

function formatOf(value: unknown): Format {
  if (value === undefined) return 'json';
  const format = FORMATS.find((f) => f === value);
  if (!format) throw badRequest('Formato desconhecido: use format=json ou format=csv.');
  return format;
}

/** GET /api/members/{id}/export: a member's own data (RGPD access), for them and for staff. */
export function ownDataRoutes(app: FastifyInstance): void {
  app.get('/members/:id/export', { config: { openapi: OWN_DATA_DOC } }, async (request: FastifyRequest<{ Params: { id: string }; Querystring: { format?: string } }>, reply) => {
    const id = parseId(request.params.id);
    authorize(members, request.caller, 'read', id);
    const format = formatOf(request.query.format);
    const data = await gatherOwnData(app.ctx.database.db, app.registry, id, request.caller, app.ctx.now());
    if (!data) throw notFound('Sócio não encontrado.');
    const name = `dados-socio-${String(data.member.number ?? id)}`;
    reply.header('cache-control', 'no-store');
    if (format === 'json') return reply.header('content-disposition', `attachment; filename="${name}.json"`).send({ data });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(ownDataCsv(data, app.registry, request.caller));
  });
}
