import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.js';
import { objectSchema as object, type RouteDoc } from '../../openapi/route-doc.js';
import { parseId } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { assemblies } from './assemblies.js';
import { assemblyCounts } from './voting-rights.js';

const count = (description: string) => ({ type: 'integer', description });

const QUORUM_DOC: RouteDoc = {
  tags: ['Assembleias'],
  summary: 'Presenças e quórum de uma assembleia',
  description:
    'Os números do painel de quórum, agora: associados na data de referência (a da convocatória; antes dela, hoje), os que têm direito a voto, ' +
    'os presentes, os representados e os que contam (presentes ou representados com direito a voto). A chamada em curso passa a segunda ' +
    'convocatória à hora da primeira mais os minutos da assembleia (hora de Lisboa); o quórum diz se há, quantos são precisos e quantos faltam: ' +
    'na primeira, pelo menos metade (associações) ou mais de metade (cooperativas) dos que têm direito a voto; na segunda, qualquer número ou o mínimo ' +
    'da configuração. Muda com cada presença registada (evento assembly_attendance). Só administradores e editores.',
  responses: {
    200: {
      description: 'Os números',
      schema: object({
        data: object({
          associates: count('Associados na data de referência'),
          eligible: count('Com direito a voto'),
          present: count('Presentes na sala'),
          represented: count('Representados por um presente'),
          counted: count('Presentes ou representados com direito a voto'),
          call: { type: 'string', enum: ['first', 'second'], description: 'Convocatória em curso' },
          secondCallAt: { type: 'string', format: 'date-time', description: 'Início da segunda convocatória' },
          quorum: object({
            met: { type: 'boolean' },
            required: count('Quantos com direito a voto são precisos'),
            missing: count('Quantos faltam (0 com quórum)'),
            text: { type: 'string', description: 'O quórum por extenso' },
          }),
        }),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

/** `GET /api/assemblies/{id}/quorum`: the live panel's figures (staff, as the assembly itself). */
export function quorumRoute(app: FastifyInstance): void {
  const { ctx } = app;
  app.get<{ Params: { id: string } }>('/assemblies/:id/quorum', { config: { openapi: QUORUM_DOC } }, async (request) => {
    authorize(assemblies, request.caller, 'read');
    const id = parseId(request.params.id);
    const { db } = ctx.database;
    const assembly = await db.selectFrom('assemblies').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!assembly) throw notFound('Assembleia não encontrada.');
    return { data: await assemblyCounts(db, assembly, ctx.now()) };
  });
}
