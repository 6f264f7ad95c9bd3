import type { RouteDoc } from '../../../openapi/route-doc.js';
import { MODELO25_COLUMNS } from './modelo25.js';

export const MODELO25_DOC: RouteDoc = {
  tags: ['Tesouraria'],
  summary: 'Donativos do ano para a declaração modelo 25',
  description:
    'Os donativos recebidos no ano, no formato do quadro de donativos da declaração modelo 25 (EBF, art. 66.º, n.º 1, alínea c); Portaria n.º 288/2022): ' +
    'uma linha por NIF de doador, com o código do donativo (definição modelo25DonationCode) e os totais do ano em numerário e em espécie, em euros com vírgula decimal. ' +
    `Colunas: ${MODELO25_COLUMNS.join('; ')}. As cinco primeiras são as da declaração; as restantes servem para conferir com os recibos. ` +
    'Os donativos cujo recibo foi anulado ficam de fora. CSV com separador ";" e UTF-8 com BOM. Só para a equipa.',
  query: { year: { type: 'integer', description: 'Ano dos donativos, por exemplo 2026' } },
  responses: { 200: { description: 'O ficheiro CSV', type: 'text/csv', schema: { type: 'string' } } },
  errors: [400, 401, 403, 404],
};
