import type { ReportName } from '../../../core/contract.js';
import type { Db } from '../../db/database.js';
import type { JsonSchema } from '../../openapi/route-doc.js';
import { quotaExpectations } from './expectations.js';
import { cancelationsPerYear, membershipsPerYear } from './movements.js';
import { owedPerYear } from './owed.js';
import type { ReportParams } from './params.js';
import { paymentsPerYear } from './payments.js';

const int: JsonSchema = { type: 'integer' };
const cents = (description: string): JsonSchema => ({ type: 'integer', description: `${description}, em cêntimos` });
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });
const list = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'array', items: object(properties) });

export interface ReportDefinition {
  name: ReportName;
  /** pt-PT, one line: what the report shows. */
  title: string;
  /** pt-PT: how the figures are computed (the route's description and the answer's `basis`). */
  basis: string;
  /** Years the range covers when the caller names no `from`. */
  defaultYears: number;
  /** The answer's own members (beside asOf, from, to and basis). */
  schema: Record<string, JsonSchema>;
  run(db: Db, params: ReportParams): Promise<object>;
}

/** The five reports of SPEC 7: each one's basis, answer and query, written once. */
export const REPORTS: readonly ReportDefinition[] = [
  {
    name: 'owedPerYear',
    title: 'Valores em dívida por ano',
    basis:
      'Por ano da dívida: o que as dívidas vencidas até à data de referência ainda deviam nesse dia (valor menos os pagamentos com data até então e não anulados até então); dívidas perdoadas ou anuladas até essa data não contam. Conta também os sócios com dívida em cada ano e no total (cada sócio uma vez).',
    defaultYears: 7,
    schema: { rows: list({ year: int, owed: cents('Em dívida'), members: int }), total: object({ owed: cents('Total em dívida'), members: int }) },
    run: owedPerYear,
  },
  {
    name: 'nextYearQuotaExpectations',
    title: 'Quotas previstas para o ano seguinte',
    basis:
      'Para cada ano do intervalo, as quotas esperadas no ano seguinte: sócios ativos a 31 de dezembro (ou na data de referência), segundo o histórico de estados, por categoria de quota atual, vezes o valor anual da tabela de quotas do ano seguinte para essa categoria. Nos agregados, como na geração das quotas: uma categoria cobrada por agregado prevê uma quota por agregado (os seus sócios ativos nessa categoria contam uma vez), e o desconto do agregado baixa a quota dos sócios a partir do N.º de cada agregado (pela composição atual dos agregados). As categorias isentas aparecem com os seus sócios e valor previsto zero; as categorias sem tabela para esse ano também preveem zero; nem umas nem outras contam para os sócios e o valor do total. Sócios sem categoria de quota não são contados.',
    defaultYears: 1,
    schema: {
      rows: list({ year: int, category: int, name: { type: 'string' }, exempt: { type: 'boolean' }, members: int, perMember: { type: ['integer', 'null'], description: 'Quota anual por sócio, em cêntimos (null: sem tabela)' }, households: { type: 'integer', description: 'Agregados cobrados uma vez (categoria cobrada por agregado)' }, discounted: { type: 'integer', description: 'Sócios com desconto do agregado' }, expected: cents('Previsto') }),
      totals: list({ year: int, members: int, expected: cents('Total previsto') }),
    },
    run: quotaExpectations,
  },
  {
    name: 'paymentsPerYear',
    title: 'Recebimentos por ano',
    basis:
      'Pagamentos recebidos até à data de referência e não anulados até então, por meio de pagamento: na ótica de caixa pelo ano da data do pagamento; na ótica do acréscimo pelo ano das dívidas que pagaram (o crédito ainda não aplicado a dívidas não tem ano de dívida).',
    defaultYears: 7,
    schema: {
      cash: list({ year: int, method: { type: 'string' }, amount: cents('Recebido') }),
      accrual: list({ year: int, method: { type: 'string' }, amount: cents('Recebido') }),
      totals: list({ year: int, cash: cents('Ótica de caixa'), accrual: cents('Ótica do acréscimo') }),
    },
    run: paymentsPerYear,
  },
  {
    name: 'cancelationsPerYear',
    title: 'Saídas por ano',
    basis:
      'Mudanças de estado para um estado que marca o fim da inscrição (vindas de um estado ativo), por ano da data da mudança e por estado, segundo o histórico de estados, até à data de referência.',
    defaultYears: 7,
    schema: { rows: list({ year: int, state: int, name: { type: 'string' }, count: int }), totals: list({ year: int, count: int }) },
    run: cancelationsPerYear,
  },
  {
    name: 'membershipsPerYear',
    title: 'Evolução dos sócios por ano',
    basis:
      'Por ano, segundo o histórico de estados até à data de referência: admissões (entradas num estado ativo, incluindo readmissões de quem tinha saído), saídas (mudanças de um estado ativo para um estado que marca o fim da inscrição), sócios ativos a 31 de dezembro (ou na data de referência) e a variação face ao ano anterior (admissões menos saídas).',
    defaultYears: 7,
    schema: { rows: list({ year: int, admissions: int, endings: int, activeAtYearEnd: int, netChange: int }) },
    run: membershipsPerYear,
  },
];
