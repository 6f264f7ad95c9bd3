// Every word <associa-reports> shows, in pt-PT. The basis of each report is the server's own
// (the answer's `basis`), so the page and the API reference never say different things.
import type { ReportName } from '../../core/index.js';

export const REPORT_TITLES: Record<ReportName, string> = {
  owedPerYear: 'Valores em dívida por ano',
  nextYearQuotaExpectations: 'Quotas previstas para o ano seguinte',
  paymentsPerYear: 'Recebimentos por ano',
  cancelationsPerYear: 'Saídas por ano',
  membershipsPerYear: 'Evolução dos sócios por ano',
};

export const REPORTS_TEXTS = {
  title: 'Relatórios',
  print: 'Imprimir',
  annex: (organisation: string, day: string) => `${organisation} · Anexo ao relatório anual · ${day}`,
  controls: 'Parâmetros dos relatórios',
  asOf: 'Data de referência',
  from: 'Desde o ano',
  to: 'Até ao ano',
  yearsHint: 'Em branco: o intervalo habitual de cada relatório.',
  apply: 'Atualizar',
  exportCsv: 'Exportar CSV',
  loadFailed: 'Não foi possível carregar o relatório.',
  unknownReport: (name: string) => `Relatório desconhecido: "${name}".`,
  basis: 'Base de cálculo',
  meta: (asOf: string, years: string) => `Data de referência: ${asOf} · ${years}`,
  years: (from: number, to: number) => (from === to ? `Ano ${from}` : `Anos ${from} a ${to}`),
  tableCaption: (title: string) => `${title}: valores`,
  // Columns and series.
  year: 'Ano',
  expectedYear: 'Ano previsto',
  owed: 'Em dívida',
  membersOwing: (members: string) => `${members} com dívida`,
  category: 'Categoria',
  activeMembers: (members: string) => `${members} ativos`,
  perMember: 'Quota anual',
  /** A category's name in the expectations table, with what households change in it. */
  categoryWithHouseholds: (name: string, households: number, discounted: number) =>
    households > 0
      ? `${name} (${households} ${households === 1 ? 'agregado, uma quota' : 'agregados, uma quota cada'})`
      : discounted > 0
        ? `${name} (${discounted} com desconto do agregado)`
        : name,
  expected: 'Previsto',
  exempt: 'Isenta',
  noSchedule: 'Sem tabela',
  method: 'Meio de pagamento',
  cash: 'Ótica de caixa',
  accrual: 'Ótica do acréscimo',
  noMethod: 'Outro',
  state: 'Estado',
  endings: 'Saídas',
  admissions: 'Admissões',
  activeAtYearEnd: 'Ativos no fim do ano',
  netChange: 'Variação',
  total: 'Total',
  totalOf: (year: number) => `Total de ${year}`,
  chartActive: (members: string) => `${members} ativos no fim do ano`,
  chartMoves: 'Admissões e saídas',
} as const;
