// The setup routes as the API reference describes them (pt-PT).
import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';

const string = { type: 'string' } as const;
const TEST_RESULT: JsonSchema = objectSchema({ data: objectSchema({ ok: { type: 'boolean', description: 'Correu bem' }, message: { ...string, description: 'O resultado, em português' } }) });
const ADMINS = 'Só para administradores.';
const TAGS = ['Primeiros passos'];

export const SETUP_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'A lista de primeiros passos de uma instalação nova',
  description:
    'Cada passo (identidade, quotas, envio de e-mail, pagamentos, sócios, cópias de segurança) com o seu estado: feito (dito pelas próprias configurações, ou confirmado), ' +
    'adiado (configuração setupSkipped) ou por fazer; o envio de e-mail e o fornecedor de pagamentos que o servidor tem. `production` é falso em modo de teste, onde a lista não aparece. ' +
    ADMINS,
  responses: {
    200: {
      description: 'A lista',
      schema: objectSchema({
        data: objectSchema({
          production: { type: 'boolean' },
          complete: { type: 'boolean', description: 'Todos os passos feitos ou adiados' },
          steps: { type: 'array', items: objectSchema({ key: string, state: { enum: ['done', 'skipped', 'open'] }, summary: string, confirmable: { type: 'boolean' } }) },
          mail: objectSchema({ server: { type: ['string', 'null'] }, from: string, sending: { type: 'boolean' }, recipient: { type: ['string', 'null'] } }),
          payments: objectSchema({ provider: { type: ['string', 'null'] }, methods: { type: 'array', items: string }, transfer: { type: 'boolean' } }),
          logo: { type: 'boolean' },
        }),
      }),
    },
  },
  errors: [401, 403],
};

export const TEST_MESSAGE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Enviar uma mensagem de teste ao administrador',
  description:
    'Põe uma mensagem na caixa de saída, para o e-mail de quem pede, e envia-a logo pelo servidor de e-mail (SMTP_URL), mesmo com o envio automático desligado. ' +
    'Responde se saiu, ou porquê não. Quando sai, o passo do e-mail fica feito (configuração setupConfirmed). ' +
    ADMINS,
  responses: { 200: { description: 'O resultado', schema: TEST_RESULT } },
  errors: [401, 403],
};

export const TEST_PROVIDER_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Testar a ligação ao fornecedor de pagamentos',
  description:
    'Faz um pedido inofensivo ao fornecedor com as chaves do servidor (ASSOCIA_IFTHENPAY_*): com a chave Multibanco, uma referência de teste de 1,00 € que expira no dia seguinte; ' +
    'só com a chave MB WAY, o estado de um pedido inexistente. Responde se foi aceite, ou porquê não. ' +
    ADMINS,
  responses: { 200: { description: 'O resultado', schema: TEST_RESULT } },
  errors: [401, 403],
};

export const LOGO_UPLOAD_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Enviar o logótipo da organização',
  description:
    'Uma imagem PNG ou JPEG em multipart/form-data, no campo "file"; é reduzida a 600 píxeis no lado maior, sem metadados, guardada e indicada na configuração orgLogo. ' +
    'Vai no cabeçalho dos recibos, das cartas dos cartões e das páginas impressas. ' +
    ADMINS,
  body: { schema: { type: 'string', format: 'binary' }, type: 'multipart/form-data', required: true, handChecked: 'multipart: o ficheiro é verificado pelos seus bytes' },
  responses: { 200: { description: 'O logótipo guardado', schema: objectSchema({ data: objectSchema({ file: { type: 'integer' }, contentType: string }) }) } },
  errors: [400, 401, 403, 413, 415, 422],
};

export const LOGO_DELETE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Retirar o logótipo da organização',
  description: 'Os documentos emitidos depois deixam de o levar; os já emitidos ficam como estão. ' + ADMINS,
  responses: { 204: { description: 'Retirado' } },
  errors: [401, 403],
};

export const LOGO_GET_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'O logótipo da organização',
  description: 'A imagem, para qualquer pessoa (como o nome da organização); 404 quando não há.',
  responses: { 200: { description: 'A imagem', type: 'image/png' } },
  errors: [404],
};
