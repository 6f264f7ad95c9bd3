import type { RouteDoc } from '../../../openapi/route-doc.js';

const TAGS = ['Assembleias'];

export const ATTENDANCE_SHEET_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Lista de presenças (PDF)',
  description:
    'A lista de presenças para assinar à entrada: cada associado com direito de voto na data de referência, depois os que não o têm, ' +
    'com o número, o nome, uma linha para a assinatura e quem o representa (quando a representação já foi registada). ' +
    'Por nome (order=name, por omissão) ou por número (order=number). Só administradores e editores.',
  query: { order: { type: 'string', enum: ['name', 'number'], description: 'name: por nome (por omissão); number: por número de associado' } },
  responses: { 200: { description: 'A lista de presenças', type: 'application/pdf', schema: { type: 'string', format: 'binary' } } },
  errors: [400, 401, 403, 404],
};
