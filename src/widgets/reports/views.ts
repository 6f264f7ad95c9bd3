// Each report's answer as what the page shows: a table and its charts, one builder per report.
import type {
  CancelationsPerYearReport,
  MembershipsPerYearReport,
  OwedPerYearReport,
  PaymentsPerYearReport,
  QuotaExpectationsReport,
  ReportFrame,
  ReportName,
} from '../../core/index.js';
import { methodLabel } from '../shared/payment-methods.js';
import type { ChartSeries, ChartSpec } from './charts/model.js';
import type { Row, TableModel } from './table-model.js';
import { REPORT_TITLES, REPORTS_TEXTS as T } from './texts.js';

export interface ReportView {
  table: TableModel;
  charts: ChartSpec[];
}

/** Words the views take from the organisation's terminology. */
export interface ViewWords {
  memberPlural: string;
}

type Builder<R extends ReportFrame> = (report: R, words: ViewWords) => ReportView;

/** The years of a range, in order. */
const yearsOf = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Rows keyed by a name (a method, a state, a category), each with one value per year; names in first-seen order. */
function seriesBy<Item extends { year: number }>(items: readonly Item[], years: readonly number[], name: (item: Item) => string, value: (item: Item) => number): ChartSeries[] {
  const byName = new Map<string, number[]>();
  for (const item of items) {
    const index = years.indexOf(item.year);
    if (index < 0) continue;
    const key = name(item);
    const values = byName.get(key) ?? years.map(() => 0);
    values[index] = (values[index] ?? 0) + value(item);
    byName.set(key, values);
  }
  return [...byName].map(([seriesName, values]) => ({ name: seriesName, values }));
}

/** Each year's rows followed by the year's total line. */
function groupedRows<Item extends { year: number }>(years: readonly number[], items: readonly Item[], row: (item: Item) => Row['cells'], total: (year: number) => Row['cells'] | null): Row[] {
  return years.flatMap((year) => {
    const own = items.filter((item) => item.year === year).map((item) => ({ cells: row(item) }));
    const line = total(year);
    return line ? [...own, { cells: line, total: true }] : own;
  });
}

const owedPerYear: Builder<OwedPerYearReport> = (report, words) => {
  const years = yearsOf(report.from, report.to);
  const byYear = new Map(report.rows.map((row) => [row.year, row]));
  return {
    table: {
      columns: [
        { label: T.year, kind: 'year' },
        { label: T.owed, kind: 'money' },
        { label: T.membersOwing(words.memberPlural), kind: 'count' },
      ],
      rows: [
        ...years.map((year) => ({ cells: [year, byYear.get(year)?.owed ?? 0, byYear.get(year)?.members ?? 0] })),
        { cells: [T.total, report.total.owed, report.total.members], total: true },
      ],
    },
    charts: [{ kind: 'bars', title: REPORT_TITLES.owedPerYear, unit: 'money', categories: years.map(String), series: [{ name: T.owed, values: years.map((year) => byYear.get(year)?.owed ?? 0) }] }],
  };
};

const nextYearQuotaExpectations: Builder<QuotaExpectationsReport> = (report, words) => {
  const years = yearsOf(report.from + 1, report.to + 1);
  const totals = new Map(report.totals.map((total) => [total.year, total]));
  const counted = report.rows.filter((row) => !row.exempt && row.perMember !== null);
  return {
    table: {
      columns: [
        { label: T.expectedYear, kind: 'year' },
        { label: T.category, kind: 'text' },
        { label: T.activeMembers(words.memberPlural), kind: 'count' },
        { label: T.perMember, kind: 'money' },
        { label: T.expected, kind: 'money' },
      ],
      rows: groupedRows(
        years,
        report.rows,
        (row) => [row.year, T.categoryWithHouseholds(row.name, row.households, row.discounted), row.members, row.exempt ? T.exempt : (row.perMember ?? T.noSchedule), row.expected],
        (year) => [T.totalOf(year), '', totals.get(year)?.members ?? 0, '', totals.get(year)?.expected ?? 0],
      ),
    },
    charts: [
      {
        kind: 'stacked',
        title: REPORT_TITLES.nextYearQuotaExpectations,
        unit: 'money',
        categories: years.map(String),
        series: seriesBy(counted, years, (row) => row.name, (row) => row.expected),
      },
    ],
  };
};

const paymentsPerYear: Builder<PaymentsPerYearReport> = (report) => {
  const years = yearsOf(report.from, report.to);
  const totals = new Map(report.totals.map((total) => [total.year, total]));
  // One line per year and method, with what came in on each basis.
  const lines = years.flatMap((year) => {
    const methods = [...new Set([...report.cash, ...report.accrual].filter((item) => item.year === year).map((item) => item.method))];
    const sum = (items: PaymentsPerYearReport['cash'], method: string) => items.filter((item) => item.year === year && item.method === method).reduce((total, item) => total + item.amount, 0);
    return methods.map((method) => ({ year, method, cash: sum(report.cash, method), accrual: sum(report.accrual, method) }));
  });
  return {
    table: {
      columns: [
        { label: T.year, kind: 'year' },
        { label: T.method, kind: 'text' },
        { label: T.cash, kind: 'money' },
        { label: T.accrual, kind: 'money' },
      ],
      rows: groupedRows(
        years,
        lines,
        (line) => [line.year, methodLabel(line.method) || T.noMethod, line.cash, line.accrual],
        (year) => [T.totalOf(year), '', totals.get(year)?.cash ?? 0, totals.get(year)?.accrual ?? 0],
      ),
    },
    charts: [
      {
        kind: 'bars',
        title: REPORT_TITLES.paymentsPerYear,
        unit: 'money',
        categories: years.map(String),
        series: [
          { name: T.cash, values: years.map((year) => totals.get(year)?.cash ?? 0) },
          { name: T.accrual, values: years.map((year) => totals.get(year)?.accrual ?? 0) },
        ],
      },
    ],
  };
};

const cancelationsPerYear: Builder<CancelationsPerYearReport> = (report) => {
  const years = yearsOf(report.from, report.to);
  const totals = new Map(report.totals.map((total) => [total.year, total.count]));
  return {
    table: {
      columns: [
        { label: T.year, kind: 'year' },
        { label: T.state, kind: 'text' },
        { label: T.endings, kind: 'count' },
      ],
      rows: groupedRows(years, report.rows, (row) => [row.year, row.name, row.count], (year) => [T.totalOf(year), '', totals.get(year) ?? 0]),
    },
    charts: [{ kind: 'stacked', title: REPORT_TITLES.cancelationsPerYear, unit: 'count', categories: years.map(String), series: seriesBy(report.rows, years, (row) => row.name, (row) => row.count) }],
  };
};

const membershipsPerYear: Builder<MembershipsPerYearReport> = (report, words) => {
  const years = yearsOf(report.from, report.to);
  const byYear = new Map(report.rows.map((row) => [row.year, row]));
  const value = (year: number, key: 'admissions' | 'endings' | 'activeAtYearEnd' | 'netChange') => byYear.get(year)?.[key] ?? 0;
  const categories = years.map(String);
  return {
    table: {
      columns: [
        { label: T.year, kind: 'year' },
        { label: T.admissions, kind: 'count' },
        { label: T.endings, kind: 'count' },
        { label: T.activeAtYearEnd, kind: 'count' },
        { label: T.netChange, kind: 'change' },
      ],
      rows: years.map((year) => ({ cells: [year, value(year, 'admissions'), value(year, 'endings'), value(year, 'activeAtYearEnd'), value(year, 'netChange')] })),
    },
    charts: [
      {
        kind: 'line',
        title: T.chartActive(words.memberPlural),
        unit: 'count',
        categories,
        series: [{ name: T.activeAtYearEnd, values: years.map((year) => value(year, 'activeAtYearEnd')) }],
      },
      {
        kind: 'bars',
        title: T.chartMoves,
        unit: 'count',
        categories,
        series: [
          { name: T.admissions, values: years.map((year) => value(year, 'admissions')) },
          { name: T.endings, values: years.map((year) => value(year, 'endings')) },
        ],
      },
    ],
  };
};

/** Each report's answer type, by name (the contract's). */
export interface ReportAnswers {
  owedPerYear: OwedPerYearReport;
  nextYearQuotaExpectations: QuotaExpectationsReport;
  paymentsPerYear: PaymentsPerYearReport;
  cancelationsPerYear: CancelationsPerYearReport;
  membershipsPerYear: MembershipsPerYearReport;
}

const REPORT_VIEWS: { [Name in ReportName]: Builder<ReportAnswers[Name]> } = {
  owedPerYear,
  nextYearQuotaExpectations,
  paymentsPerYear,
  cancelationsPerYear,
  membershipsPerYear,
};

/** What the page shows for a report's answer. */
export function viewOf<Name extends ReportName>(name: Name, report: ReportAnswers[Name], words: ViewWords): ReportView {
  return (REPORT_VIEWS[name] as Builder<ReportAnswers[Name]>)(report, words);
}
