import { objectSchema, type RouteDoc } from '../../openapi/route-doc.js';
import type { RequestTakeover } from '../../resources/takeovers.js';
import { APPLICANT_FIELDS } from './applicant-fields.js';
import { DUPLICATE_REASONS } from './duplicates-sql.js';

const TAGS = ['Candidaturas'];
const object = objectSchema;

export const FORM_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'O formulário público de candidatura',
  description:
    'Público, sem sessão nem chave de API. O que o formulário pede (campos e se são obrigatórios, pelas definições da associação), o texto de consentimento e a sua versão, ' +
    'a idade abaixo da qual se pede o encarregado de educação, se é preciso o número do proponente e as categorias de quota. `formToken` vai com a candidatura: ' +
    'é recusada se for enviada menos de 3 segundos depois, ou mais de 24 horas depois, de o formulário ser pedido. As descrições dos campos (rótulos, validação) estão no ' +
    'explicador público (GET /api/explainer sem sessão). 404 quando a associação não recebe candidaturas. Limite por endereço (429).',
  responses: {
    200: {
      description: 'O formulário',
      schema: object({
        data: object({
          formToken: { type: 'string' },
          fields: { type: 'array', items: object({ name: { type: 'string', enum: [...APPLICANT_FIELDS] }, required: { type: 'boolean' } }) },
          consentText: { type: 'string' },
          consentVersion: { type: 'string' },
          minorAge: { type: 'integer' },
          proposerRequired: { type: 'boolean' },
          feeCategories: { type: 'array', items: object({ _id: { type: 'integer' }, name: { type: 'string' } }) },
          consentPurposes: { type: 'array', items: object({ key: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, version: { type: 'integer' } }) },
        }),
      }),
    },
  },
  errors: [404, 429],
};

export const PUBLIC_CREATE_DOC: RequestTakeover['doc'] = {
  description:
    'Sem sessão (o formulário público): o corpo leva os campos pedidos pelo formulário (GET /api/member_applications/form), `feeCategory`, `proposerNumber`, ' +
    '`consentVersion` (a versão do texto aceite), `guardianName`, `guardianConsent`, `guardianEmail` (obrigatórios para um candidato menor), `guardianRelation` (mae, pai, tutor, outro) e `guardianPhone`, `formToken` e `website` (tem de ir vazio). ' +
    '`consents`: as finalidades de tratamento aceites, como `{ "newsletter": 1 }` (o identificador e a versão do texto mostrado, de `consentPurposes` do formulário); a que falta fica sem consentimento. ' +
    'Responde 201 `{ data: { id, uploadToken } }` e nada mais; `uploadToken` (cabeçalho X-Upload-Token) deixa enviar a fotografia e os documentos desta candidatura durante 60 minutos. ' +
    'O candidato recebe uma mensagem com a ligação de confirmação do e-mail. Limite por endereço (429) e de tamanho (413).',
  responses: { 201: { description: 'A candidatura foi recebida', schema: object({ data: object({ id: { type: 'integer' }, uploadToken: { type: 'string' } }) }) } },
  errors: [400, 404, 413, 422, 429],
};

export const PUBLIC_READ_DOC: RequestTakeover['doc'] = {
  description: 'Sem sessão, qualquer candidatura responde 404: ninguém de fora lê candidaturas, nem a sua.',
  responses: {},
  errors: [404],
};

export const VERIFY_EMAIL_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Confirmar o e-mail de uma candidatura',
  description:
    'Público: o código da ligação enviada ao candidato é a prova. Cada código confirma uma vez; depois responde `already_confirmed`. ' +
    'Um código desconhecido é 404 (`verification_unknown`); um expirado, 410 (`verification_expired`). Limite por endereço (429).',
  body: { schema: object({ verificationCode: { type: 'string' } }) },
  responses: { 200: { description: 'O resultado', schema: object({ data: object({ status: { type: 'string', enum: ['confirmed', 'already_confirmed'] } }) }) } },
  errors: [404, 410, 429],
};

export const ACCEPT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Aceitar uma candidatura',
  description:
    'Administradores e editores. Numa só transação: o sócio com o número livre seguinte e os dados da candidatura, a fotografia e os documentos, a jóia e as primeiras quotas, ' +
    'o primeiro cartão (pela regra "quotas pagas", válido até ao fim do primeiro período de quotas) e a mensagem de boas-vindas com a ligação de pagamento. ' +
    'Uma candidatura já decidida é 409 e nada muda; uma sem categoria de quota é 422 (o sócio teria de ter categoria e data de admissão, ou ser isento).',
  responses: { 200: { description: 'O novo sócio', schema: object({ data: object({ member: { type: 'integer' }, number: { type: 'integer' } }) }) } },
  errors: [400, 401, 403, 404, 409, 422],
};

/** Most applications one bulk accept takes: each is its own transaction. */
const ACCEPT_MANY_MAX = 200;

export const ACCEPT_MANY_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Aceitar várias candidaturas',
  description: 'Administradores e editores. Cada candidatura é aceite na sua transação, por ordem; as que não podem ser aceites vêm em `refused` com o motivo, sem afetar as outras.',
  body: { schema: object({ ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: ACCEPT_MANY_MAX } }) },
  responses: {
    200: {
      description: 'O que foi aceite e o que foi recusado',
      schema: object({
        data: object({
          accepted: { type: 'array', items: object({ id: { type: 'integer' }, member: { type: 'integer' } }) },
          refused: { type: 'array', items: object({ id: { type: 'integer' }, message: { type: 'string' } }) },
        }),
      }),
    },
  },
  errors: [400, 401, 403],
};

export const CONSENT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'O consentimento de uma candidatura',
  description:
    'Administradores e editores. Quando o candidato aceitou o texto de consentimento, esse texto (o atual, ou um anterior que o histórico das configurações ainda guarda; ' +
    '`null` se já não se sabe), se é o texto em vigor e desde quando vigorava (`null`: desde o início).',
  responses: {
    200: {
      description: 'O consentimento',
      schema: object({
        data: object(
          {
            acceptedAt: { type: ['string', 'null'], format: 'date-time' },
            text: { type: ['string', 'null'] },
            current: { type: 'boolean' },
            since: { type: ['string', 'null'], format: 'date-time' },
          },
          ['acceptedAt', 'text', 'current', 'since'],
        ),
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

export const DUPLICATES_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Possíveis duplicados de uma candidatura',
  description: 'Administradores e editores. Sócios e outras candidaturas com o mesmo NIF, o mesmo e-mail, ou o mesmo nome e data de nascimento.',
  responses: {
    200: {
      description: 'Os possíveis duplicados',
      schema: object({
        data: {
          type: 'array',
          items: object(
            {
              reason: { type: 'string', enum: DUPLICATE_REASONS },
              source: { type: 'string', enum: ['member', 'application'] },
              id: { type: 'integer' },
              name: { type: 'string' },
              number: { type: 'integer' },
              state: { type: 'string' },
              email: { type: ['string', 'null'] },
              nif: { type: ['string', 'null'] },
              birth_date: { type: ['string', 'null'], format: 'date' },
              phone: { type: ['string', 'null'] },
              locality: { type: ['string', 'null'] },
            },
            ['reason', 'source', 'id', 'name'],
          ),
        },
      }),
    },
  },
  errors: [400, 401, 403, 404],
};

export const PENDING_COUNT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Candidaturas à espera de decisão',
  description:
    'Administradores e editores: quantas candidaturas têm o e-mail confirmado e não foram decididas (também as por confirmar, quando a definição não exige a confirmação). ' +
    'O menu mostra este número; muda quando chega o evento de alteração das candidaturas.',
  responses: { 200: { description: 'O número', schema: object({ data: object({ count: { type: 'integer' } }) }) } },
  errors: [401, 403],
};
