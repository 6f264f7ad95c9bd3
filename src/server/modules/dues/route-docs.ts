import { objectSchema, type JsonSchema, type RouteDoc } from '../../openapi/route-doc.js';

const TAGS = ['Quotas e dívidas'];
const cents = (description: string): JsonSchema => ({ type: 'integer', description: `${description}, em cêntimos` });
const object = objectSchema;
const data = (schema: JsonSchema): JsonSchema => object({ data: schema });

export const STATEMENT_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Extrato de conta de um sócio',
  description:
    'Dívidas, pagamentos (com o seu recibo), perdões e anulações por data, cada anulação depois do que anula, com o saldo corrente, e a situação do sócio (em dia, em atraso, isento). Um sócio só vê o seu.',
  responses: {
    200: {
      description: 'O extrato',
      schema: data(
        object({
          member: object({ _id: { type: 'integer' }, number: { type: ['integer', 'null'] }, name: { type: 'string' } }),
          standing: object({
            kind: { type: 'string', enum: ['em_dia', 'em_atraso', 'isento'] },
            yearsOwed: { type: 'integer' },
            openTotal: cents('Total em dívida'),
            credit: cents('Crédito'),
            oldestDue: { type: ['string', 'null'], format: 'date' },
          }),
          lines: {
            type: 'array',
            items: object(
              {
                date: { type: 'string', format: 'date' },
                kind: { type: 'string', enum: ['debt', 'payment', 'waiver', 'annulment'] },
                id: { type: 'integer' },
                description: { type: 'string' },
                debit: cents('Débito'),
                credit: cents('Crédito'),
                balance: cents('Saldo após a linha (negativo: crédito do sócio)'),
                cancels: { type: 'string', enum: ['debt', 'payment'], description: 'Numa anulação: se anula uma dívida ou um pagamento (id é o dela ou o dele)' },
                annulled: { type: 'boolean', description: 'Num pagamento: se foi anulado entretanto' },
                receipt: {
                  ...object({
                    _id: { type: 'integer' },
                    number: { type: 'string' },
                    pdf: { type: 'string', description: 'Caminho do PDF na API, treasury_docs/{id}/pdf' },
                    annulledBy: { type: ['string', 'null'], description: 'Número da nota de anulação que o anulou' },
                  }),
                  description: 'Num pagamento: o seu recibo, quando foi emitido (com a tesouraria ativa)',
                },
              },
              ['date', 'kind', 'id', 'description', 'debit', 'credit', 'balance'],
            ),
          },
        }),
      ),
    },
  },
  errors: [400, 401, 404],
};

export const ADVICE_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Informação de pagamento de um sócio',
  description: "O que o sócio tem a pagar de um tipo (e ano): valor, dívidas abrangidas, meios de pagamento e IBAN. Sem memberID ou type, ou type 'quota' sem year: 400 'Not Enough Data'.",
  query: {
    memberID: { type: 'integer', description: 'O sócio' },
    type: { type: 'string', enum: ['quota', 'joia', 'capital', 'other'], description: 'Tipo de dívida' },
    year: { type: 'integer', description: "Ano (obrigatório para 'quota')" },
  },
  responses: {
    200: {
      description: 'A informação de pagamento',
      schema: data(
        object({
          memberID: { type: 'integer' },
          type: { type: 'string' },
          year: { type: ['integer', 'null'] },
          amount: cents('Total a pagar'),
          debts: { type: 'array', items: { type: 'object' } },
          methods: { type: 'array', items: { type: 'string' } },
          iban: { type: ['string', 'null'] },
        }),
      ),
    },
  },
  errors: [400, 401, 404],
};

export const OVERVIEW_DOC: RouteDoc = {
  tags: TAGS,
  summary: 'Números da página de quotas',
  description: 'Total em dívida, recebido este ano, sócios em atraso e o recebido em cada um dos últimos 12 meses. Só para a equipa.',
  responses: {
    200: {
      description: 'Os números',
      schema: data(
        object({
          owed: cents('Total em dívida'),
          receivedThisYear: cents('Recebido este ano'),
          membersInArrears: { type: 'integer' },
          receivedPerMonth: { type: 'array', items: object({ month: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' }, amount: cents('Recebido no mês') }) },
        }),
      ),
    },
  },
  errors: [401, 403],
};
