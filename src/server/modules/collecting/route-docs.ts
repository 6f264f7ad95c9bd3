import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';

const TAGS = ['Cobranças'];
const object = objectSchema;

export const CREATE_REQUEST_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Criar um pedido de pagamento',
  description:
    'A equipa escolhe o sócio, as suas dívidas em aberto e o meio (multibanco ou mbway, este com um telemóvel português). ' +
    'Em vez do sócio pode indicar um agregado (household): as dívidas podem então ser de qualquer sócio do agregado (ou cobradas ao agregado), e o pagamento fica registado uma só vez, em nome do pagador do agregado. ' +
    'Responde com a entidade, a referência e o valor em cêntimos (a soma do que falta pagar dessas dívidas). Em caso de erro nada é registado.',
  body: {
    schema: object(
      {
        member: { type: 'integer', description: '_id em members (ou household, não os dois)' },
        household: { type: 'integer', description: '_id em households: um pedido para dívidas de vários sócios do agregado (ou member, não os dois)' },
        debts: { type: 'array', items: { type: 'integer' }, description: '_id em unsettled_payments: dívidas em aberto do sócio (ou dos sócios do agregado)' },
        method: { type: 'string', enum: ['multibanco', 'mbway'] },
        phone: { type: 'string', description: 'Telemóvel para o MB WAY (9 algarismos começados por 91, 92, 93 ou 96)' },
      },
      ['debts', 'method'],
    ),
    invalid: 'fields',
  },
  responses: {
    201: {
      description: 'O pedido criado',
      schema: object({
        data: {
          type: 'object',
          properties: {
            _id: { type: 'integer' },
            entity: { type: ['string', 'null'] },
            reference: { type: ['string', 'null'] },
            amount: { type: 'integer', description: 'Valor em cêntimos' },
            expires_at: { type: 'string', format: 'date-time' },
            state: { type: 'string', enum: ['pending', 'paid', 'expired', 'failed'] },
          },
          required: ['_id', 'entity', 'reference', 'amount', 'expires_at', 'state'],
        },
      }),
    },
  },
  errors: [400, 401, 403, 409, 422, 502],
};

export const VALIDATE_REQUEST_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Verificar um pedido de pagamento',
  description: 'As verificações da criação (sócio ou agregado, dívidas em aberto desse sócio ou dos sócios do agregado, meio e telemóvel), sem pedir nada ao fornecedor nem registar nada. 200 sem erros; 422 com os erros por campo.',
  body: CREATE_REQUEST_DOC.body!,
  responses: { 200: { description: 'Sem erros', schema: object({ errors: { type: 'object' } }) } },
  errors: [400, 401, 403, 422],
};

export const IFTHENPAY_CALLBACK_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Aviso de pagamento da ifthenpay',
  description:
    'Chamado pela ifthenpay quando um pedido é pago (Multibanco ou MB WAY), com a chave anti-phishing. Regista o pagamento nas dívidas do pedido ' +
    'uma única vez, por mais vezes que o aviso chegue. Um aviso forjado (chave, valor ou referência errados) não regista nada. A ifthenpay só olha para o estado: 200 encerra o aviso.',
  query: {
    key: { type: 'string', description: 'Chave anti-phishing' },
    orderId: { type: 'string', description: 'Identificador do pedido de pagamento, tal como o enviámos à ifthenpay' },
    amount: { type: 'string', description: 'Valor pago, com ponto decimal' },
    requestId: { type: 'string', description: 'Identificador do pedido na ifthenpay' },
    entity: { type: 'string', description: 'Entidade Multibanco (vazia no MB WAY)' },
    reference: { type: 'string', description: 'Referência Multibanco (vazia no MB WAY)' },
    payment_datetime: { type: 'string', description: 'Data e hora do pagamento, como a ifthenpay a envia' },
  },
  responses: { 200: { description: 'Aviso recebido', schema: { type: 'object' } } },
  errors: [500],
};

export const PROVIDER_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Fornecedor de pagamentos em uso',
  description: 'Referências próprias (entidade e subentidade) ou ifthenpay, com as chaves mascaradas. Só para a equipa.',
  responses: {
    200: {
      description: 'O fornecedor',
      schema: object({
        data: object({
          provider: { type: ['string', 'null'], enum: ['local', 'ifthenpay', null] },
          entity: { type: ['string', 'null'] },
          subEntity: { type: ['string', 'null'] },
          keys: { type: 'object', additionalProperties: { type: 'string' } },
          methods: { type: 'array', items: { type: 'string' } },
        }),
      }),
    },
  },
  errors: [401, 403],
};

export const PAYMENT_OPTIONS_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Meios de pagamento disponíveis',
  description:
    'Os meios que a associação aceita agora (multibanco e/ou mbway, conforme o fornecedor configurado) e a transferência bancária (IBAN da associação e o texto a pôr no descritivo, ' +
    'que identifica o sócio), ou null sem IBAN. Para o sócio, a sua ficha; a equipa pode indicar member.',
  query: { member: { type: 'string', description: 'Só para a equipa: _id em members, para o descritivo da transferência desse sócio' } },
  responses: {
    200: {
      description: 'Os meios',
      schema: object({
        data: object({
          methods: { type: 'array', items: { type: 'string', enum: ['multibanco', 'mbway'] } },
          transfer: { type: ['object', 'null'], properties: { iban: { type: 'string' }, description: { type: ['string', 'null'] } } },
        }),
      }),
    },
  },
  errors: [401],
};

export const OWN_REQUEST_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Pagar as próprias dívidas',
  description:
    'O sócio escolhe dívidas suas em aberto (vencidas ou a vencer) e o meio: responde com o pedido criado (entidade, referência e valor em cêntimos, ou o pedido MB WAY enviado ao telemóvel). ' +
    'O pedido pertence sempre ao sócio da conta; dívidas de outro sócio são recusadas. O pagador de um agregado indica household e escolhe dívidas dos sócios desse agregado ' +
    '(GET /api/own/household_debts): um só pedido, um só pagamento. Em caso de erro nada é registado.',
  body: {
    schema: object(
      {
        debts: { type: 'array', items: { type: 'integer' }, minItems: 1, 'x-message': 'Escolha pelo menos uma dívida a pagar.', description: '_id em unsettled_payments: dívidas em aberto do próprio sócio (ou dos sócios do agregado indicado)' },
        household: { type: 'integer', description: '_id em households: um agregado de que o sócio é o pagador; as dívidas são então as dos sócios do agregado' },
        method: { type: 'string', enum: ['multibanco', 'mbway'], 'x-message': 'Escolha Multibanco ou MB WAY.' },
        phone: { type: 'string', description: 'Telemóvel para o MB WAY (9 algarismos começados por 91, 92, 93 ou 96)' },
      },
      ['debts', 'method'],
    ),
    invalid: 'fields',
  },
  responses: CREATE_REQUEST_DOC.responses,
  errors: [400, 401, 403, 409, 422, 429, 502],
};

/** A household's owing debts as its payer sees them (GET /api/own/household_debts, the payment link page). */
export const HOUSEHOLD_DEBTS_SCHEMA: JsonSchema = {
  type: 'array',
  items: object({
    id: { type: 'integer', description: '_id em households' },
    name: { type: 'string' },
    debts: {
      type: 'array',
      items: object({
        id: { type: 'integer', description: '_id em unsettled_payments' },
        member: object({ id: { type: 'integer' }, name: { type: 'string' }, number: { type: ['integer', 'null'] } }),
        description: { type: 'string' },
        due_date: { type: 'string', format: 'date' },
        open_amount: { type: 'integer', description: 'Cêntimos em dívida' },
        owed: { type: 'boolean', description: 'Vencida; falsa: a vencer, pode ser paga antes' },
      }),
    },
    total: { type: 'integer', description: 'Total em dívida (só as dívidas vencidas), em cêntimos' },
  }),
};

export const OWN_HOUSEHOLD_DEBTS_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Dívidas dos agregados que o sócio paga',
  description:
    'Para o sócio que é o pagador de um ou mais agregados: as dívidas em aberto dos sócios de cada agregado (e as cobradas ao agregado), cada uma com o nome e o número do sócio, ' +
    'para pedir uma só referência Multibanco ou um só MB WAY (POST /api/payment_requests/own com household). Lista vazia para quem não paga por nenhum agregado.',
  responses: { 200: { description: 'Os agregados e as suas dívidas', schema: object({ data: HOUSEHOLD_DEBTS_SCHEMA }) } },
  errors: [401],
};
