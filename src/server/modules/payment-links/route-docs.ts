import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';
import { HOUSEHOLD_DEBTS_SCHEMA } from '../collecting/public.js';

const TAGS = ['Informação de pagamento'];
const object = objectSchema;
const HEADERS_NOTE = ' Sem autenticação: o token da ligação é a prova. Todas as respostas trazem `X-Robots-Tag: noindex` e `Referrer-Policy: no-referrer`; há limites por token e por endereço (429).';

/** A payment request as the public page sees it. */
const REQUEST_VIEW = object({
  id: { type: 'integer' },
  method: { type: 'string', enum: ['multibanco', 'mbway'] },
  state: { type: 'string', enum: ['pending', 'paid', 'expired', 'failed'] },
  amount: { type: 'integer', description: 'Valor em cêntimos' },
  entity: { type: ['string', 'null'] },
  reference: { type: ['string', 'null'] },
  expires_at: { type: 'string', format: 'date-time' },
  paid_at: { type: ['string', 'null'], format: 'date-time' },
});

export const PAYMENT_INFO_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Informação de pagamento de uma ligação',
  description:
    'O mínimo que a página de informação de pagamento precisa: o nome da associação, o primeiro nome do sócio, as dívidas em aberto (valores em cêntimos) e o total, ' +
    'as dívidas dos agregados de que o sócio é o pagador (com o primeiro nome e o número de cada sócio), ' +
    'os meios de pagamento disponíveis (e a transferência bancária, com IBAN) e o último pedido feito por esta ligação. Uma ligação desconhecida, expirada ou revogada tem uma só resposta (404).' +
    HEADERS_NOTE,
  responses: {
    200: {
      description: 'A informação de pagamento',
      schema: object({
        data: object({
          association: { type: 'string' },
          first_name: { type: 'string' },
          debts: {
            type: 'array',
            items: object({ id: { type: 'integer' }, description: { type: 'string' }, due_date: { type: 'string', format: 'date' }, open_amount: { type: 'integer', description: 'Cêntimos em dívida' }, owed: { type: 'boolean', description: 'Vencida (em dívida desde o vencimento); falsa: a vencer, pode ser paga antes' } }),
          },
          total: { type: 'integer', description: 'Total em dívida (só as dívidas vencidas), em cêntimos' },
          methods: { type: 'array', items: { type: 'string', enum: ['multibanco', 'mbway'] } },
          transfer: { type: ['object', 'null'], description: 'Transferência bancária: iban da associação e description (o texto a pôr no descritivo); null sem IBAN' },
          request: { oneOf: [REQUEST_VIEW, { type: 'null' }] },
          households: { ...HOUSEHOLD_DEBTS_SCHEMA, description: 'Os agregados de que o sócio é o pagador, cada um com as dívidas em aberto dos seus sócios (primeiro nome e número); vazia para os demais' },
        }),
      }),
    },
  },
  errors: [404, 429],
};

export const PAYMENT_INFO_REQUEST_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Pedir uma referência Multibanco ou um pagamento MB WAY',
  description:
    'Para as dívidas escolhidas (só as dívidas em aberto do sócio da ligação, ou, com household, as dos sócios de um agregado de que ele é o pagador: um só pedido para todas): ' +
    'responde com a entidade, a referência, o valor em cêntimos e a validade, ou com o estado do pedido MB WAY. ' +
    'Em caso de erro nada é registado.' +
    HEADERS_NOTE,
  body: {
    schema: object(
      {
        debts: { type: 'array', items: { type: 'integer' }, minItems: 1, 'x-message': 'Escolha pelo menos uma dívida a pagar.', description: 'Identificadores das dívidas a pagar' },
        household: { type: 'integer', description: 'O agregado cujas dívidas se pagam (o sócio da ligação é o seu pagador)' },
        method: { type: 'string', enum: ['multibanco', 'mbway'], 'x-message': 'Escolha Multibanco ou MB WAY.' },
        phone: { type: 'string', description: 'Telemóvel para o MB WAY (9 algarismos começados por 91, 92, 93 ou 96)' },
      },
      ['debts', 'method'],
    ),
    invalid: 'fields',
  },
  responses: { 201: { description: 'O pedido criado', schema: object({ data: REQUEST_VIEW }) } },
  errors: [400, 404, 409, 422, 429, 502],
};

export const PAYMENT_INFO_REQUEST_STATE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Estado de um pedido feito por esta ligação',
  description: 'Para a página acompanhar o pagamento (consulta periódica): pendente, pago, expirado ou falhado.' + HEADERS_NOTE,
  responses: { 200: { description: 'O pedido', schema: object({ data: REQUEST_VIEW }) } },
  errors: [404, 429],
};
