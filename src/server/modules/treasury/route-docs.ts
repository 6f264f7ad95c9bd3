import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { DOWNLOAD_INLINE_MAX, DOWNLOAD_MAX } from './selection.js';

const TAGS = ['Documentos de tesouraria'];
const object = objectSchema;
const IDS = { type: 'array', items: { type: 'integer', minimum: 1 }, description: 'Identificadores dos documentos' };
const NOT_ENABLED = 'Só com a tesouraria ativa (definição hasTreasury); caso contrário 404.';

export const TREASURY_SEARCH_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Pesquisar documentos de tesouraria',
  description:
    `Os parâmetros da lista (_page, _limit, _sort, _search, _{campo}, _{campo}_gte/_lte) no corpo, e opcionalmente ids (só esses documentos; vazio ou ausente: todos os que os parâmetros pedem). ` +
    `Responde como GET /api/treasury_docs. Administradores e editores; um sócio vê só os seus documentos. ${NOT_ENABLED}`,
  body: { required: false, schema: object({ ids: IDS }, []) },
  responses: { 200: { description: 'A página de documentos', schema: object({ data: { type: 'array' }, meta: { type: 'object' } }) } },
  errors: [400, 401, 403, 404],
};

export const TREASURY_DOWNLOAD_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Descarregar documentos de tesouraria',
  description:
    `Sem blocos (inBlocks false): um zip com o PDF guardado de cada documento. Em blocos: PDFs com o número de documentos da definição treasuryBlockSize cada, ` +
    `para imprimir (um só bloco vem como PDF, mais do que um num zip). Até ${DOWNLOAD_INLINE_MAX} documentos a resposta é o ficheiro; acima disso ` +
    `(até ${DOWNLOAD_MAX.toLocaleString('pt-PT')}) é 202 com o trabalho em segundo plano, que se acompanha em GET /api/treasury_docs/download/{job}. ` +
    `Nenhum documento: 400. Documentos que não existem ou que não pode ver: 404, sem dizer quais. ${NOT_ENABLED}`,
  body: { schema: object({ ids: IDS, inBlocks: { type: 'boolean' } }, ['ids']) },
  responses: {
    200: { description: 'O zip ou o PDF', type: 'application/zip' },
    202: { description: 'Trabalho em segundo plano', schema: object({ data: object({ job: { type: 'integer' }, total: { type: 'integer' } }) }) },
  },
  errors: [400, 401, 403, 404],
};

export const TREASURY_DOWNLOAD_JOB_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Estado de uma descarga em segundo plano',
  description: 'O estado e o progresso do trabalho; quando termina, o endereço curto do ficheiro (válido 5 minutos, só para quem o pede). Só quem pediu a descarga.',
  responses: {
    200: {
      description: 'O trabalho',
      schema: object({ data: object({ state: { type: 'string' }, progress: { type: 'integer' }, total: { type: ['integer', 'null'] }, url: { type: 'string' } }, ['state', 'progress', 'total']) }),
    },
  },
  errors: [401, 403, 404],
};

export const TREASURY_STATUS_BULK_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Mudar o estado de vários documentos',
  description: `Dá a cada documento de ids o estado indicado e guarda-o no seu histórico de estados. Administradores e editores. ${NOT_ENABLED}`,
  body: { schema: object({ ids: IDS, status: { type: 'integer', minimum: 1, 'x-message': 'Escolha o estado a dar aos documentos.' } }), invalid: 'fields' },
  responses: { 200: { description: 'Quantos documentos mudaram', schema: object({ data: object({ changed: { type: 'integer' } }) }) } },
  errors: [400, 401, 403, 404, 422],
};

export const TREASURY_STATUS_BULK_DELETE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Limpar o estado de vários documentos',
  description: `Os documentos de ids ficam sem estado (o histórico guarda a mudança). Administradores e editores. ${NOT_ENABLED}`,
  body: { schema: object({ ids: IDS }) },
  responses: { 200: { description: 'Quantos documentos mudaram', schema: object({ data: object({ changed: { type: 'integer' } }) }) } },
  errors: [400, 401, 403, 404],
};

const SERIES = object({ type: { type: 'string' }, label: { type: 'string' }, year: { type: 'integer' }, prefix: { type: 'string' }, last_number: { type: 'integer' }, next: { type: 'integer' } });

export const TREASURY_SERIES_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Séries de numeração dos documentos',
  description: `Para cada tipo de documento, a série de um ano (?year=, por omissão o ano corrente): prefixo, último número emitido e o próximo. Administradores e editores. ${NOT_ENABLED}`,
  responses: { 200: { description: 'As séries do ano', schema: object({ data: { type: 'array', items: SERIES } }) } },
  errors: [400, 401, 403, 404],
};

export const TREASURY_SERIES_NEXT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Mudar o próximo número de uma série',
  description:
    'O próximo número do tipo {type} (quota, joining_fee, donation, annulment) no ano {year}, por exemplo para continuar a numeração de um livro de recibos em papel. ' +
    `Só para a frente: um número igual ou inferior a um já emitido é 409, sem mudar nada. O salto fica registado e a verificação de integridade aceita-o. Só administradores. ${NOT_ENABLED}`,
  body: { schema: object({ next: { type: 'integer', minimum: 1, maximum: 99_999_999 } }, ['next']), invalid: 'fields' },
  responses: { 200: { description: 'A série', schema: object({ data: SERIES }) } },
  errors: [400, 401, 403, 404, 409, 422],
};

export const TREASURY_PDF_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'PDF de um documento',
  description:
    'O PDF do documento tal como foi emitido: o ficheiro guardado, depois de conferido o seu SHA-256 (se não corresponder, 409 e nada é enviado). ' +
    `Administradores e editores; um sócio só os seus (os de outros: 404). ${NOT_ENABLED}`,
  responses: { 200: { description: 'O PDF', type: 'application/pdf' } },
  errors: [400, 401, 403, 404, 409],
};

const LINE = object(
  { description: { type: 'string', maxLength: 200 }, amount: { type: 'integer', minimum: 1, description: 'Cêntimos', 'x-message': 'O valor é um número inteiro de cêntimos maior do que zero.' } },
  ['description', 'amount'],
);

export const TREASURY_MANUAL_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Emitir um recibo avulso',
  description:
    'Um recibo de quota (type quota) ou de jóia (joining_fee) por dinheiro recebido fora do registo de pagamentos: a um sócio (member) ou a quem paga, ' +
    'com nome e NIF válido (payer_name, payer_nif, payer_address opcional); uma ou mais linhas com o que cada valor paga, em cêntimos; a data de emissão ' +
    '(issue_date, não posterior a hoje) escolhe a série. Recebe o próximo número da série, o PDF e o elo da cadeia como qualquer documento; não fica ligado ' +
    `a nenhum pagamento nem salda dívidas. Dados errados: 422 por campo, nada é guardado. Administradores e editores. ${NOT_ENABLED}`,
  body: {
    schema: object(
      {
        type: { type: 'string', enum: ['quota', 'joining_fee'], 'x-message': 'Escolha recibo de quota ou recibo de jóia.' },
        issue_date: { type: 'string', format: 'date' },
        member: { type: 'integer' },
        payer_name: { type: 'string' },
        payer_nif: { type: 'string' },
        payer_address: { type: 'string' },
        lines: { type: 'array', items: LINE, minItems: 1, maxItems: 50, 'x-message': 'Indique pelo menos uma linha: o que paga e o valor.' },
      },
      ['type', 'issue_date', 'lines'],
    ),
    invalid: 'fields',
  },
  responses: { 201: { description: 'O documento emitido', schema: object({ data: { type: 'object' } }) } },
  errors: [400, 401, 403, 404, 422],
};
