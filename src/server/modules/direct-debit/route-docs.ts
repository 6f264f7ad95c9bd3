import type { RouteDoc } from '../../openapi/route-doc.js';
import { PAIN_VERSIONS } from './pain008.js';

export const PAIN008_DOC: RouteDoc = {
  tags: ['Débito direto'],
  summary: 'Ficheiro SEPA pain.008 de um lote',
  description:
    'O lote como ordem de cobrança por débito direto SEPA (ISO 20022 pain.008), para enviar ao banco: um bloco por tipo de sequência (primeira, recorrente), uma cobrança por dívida; as devolvidas ficam de fora. Só para a equipa; exige o identificador de credor, o IBAN e o nome da associação nas definições.',
  query: {
    version: { type: 'string', enum: [...PAIN_VERSIONS], default: 'pain.008.001.08', description: 'Versão do esquema pain.008' },
  },
  responses: {
    200: { description: 'O ficheiro XML', type: 'application/xml', schema: { type: 'string' } },
  },
  errors: [400, 401, 403, 404, 409],
};
