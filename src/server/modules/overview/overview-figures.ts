// The staff home's figures: what needs attention today, each one a count (and, for money, a
// sum) of a list the back office shows, under the very constraints that list is opened with.
import type { Terminology } from '../../../core/contract.js';
import type { CoreSettingName } from '../../settings/catalogue.js';

/** The first and last day of `today`'s month ('YYYY-MM-DD'), for a date range. */
function monthOf(today: string): { first: string; last: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 7);
  return { first: `${prefix}-01`, last: `${prefix}-${String(days).padStart(2, '0')}` };
}

/** A money field summed over the counted rows, and which rows it adds up (an annulled payment brought nothing in). */
export interface FigureAmount {
  field: string;
  label: string;
  counts?(row: Record<string, unknown>): boolean;
}

/**
 * One figure of the overview. It counts the rows of `resource`'s list under `constraints`
 * (the `_{key}=value` filters of GET /api/{resource}, resolved by the list engine itself, with
 * the resource's declared filters such as `standing=em_atraso`: no second definition of what
 * a figure means), so the list a figure links to shows the same number.
 *
 * The extension point: a module that has something staff should look at today declares one
 * more figure here (the next general assembly, when that module lands). A figure is shown to
 * callers who may list its resource everywhere, while its resource's module is on and its
 * `enabledBy` boolean setting, if any, is true.
 */
export interface OverviewFigureDefinition {
  /** Stable name (`data-figure` in the browser). */
  key: string;
  label(words: Terminology): string;
  resource: string;
  constraints(today: string): Record<string, string>;
  amount?: FigureAmount;
  /** Counted among the rows, said beside the figure ("dos quais 1 anulado"). */
  aside?: { counts(row: Record<string, unknown>): boolean; label(n: number): string };
  enabledBy?: CoreSettingName;
}

const annulled = (row: Record<string, unknown>) => row.annulled_at !== null && row.annulled_at !== undefined && row.annulled_at !== '';

export const OVERVIEW_FIGURES: readonly OverviewFigureDefinition[] = [
  {
    key: 'applications',
    label: () => 'Candidaturas à espera de decisão',
    resource: 'member_applications',
    constraints: () => ({ pending: 'sim' }),
    enabledBy: 'hasMemberApplication',
  },
  {
    key: 'arrears',
    label: (words) => `${words.memberPlural} em atraso`,
    resource: 'member_balances',
    constraints: () => ({ standing: 'em_atraso' }),
    amount: { field: 'open_total', label: 'Total em dívida' },
  },
  {
    key: 'payments',
    label: () => 'Pagamentos deste mês',
    resource: 'payments',
    constraints: (today) => {
      const { first, last } = monthOf(today);
      return { date_gte: first, date_lte: last };
    },
    amount: { field: 'amount', label: 'Recebido', counts: (row) => !annulled(row) },
    aside: { counts: annulled, label: (n) => (n === 1 ? 'dos quais 1 anulado' : `dos quais ${n} anulados`) },
  },
  {
    key: 'messages-pending',
    label: () => 'Mensagens por enviar',
    resource: 'messages',
    constraints: () => ({ status: 'pending' }),
  },
  {
    key: 'messages-failed',
    label: () => 'Mensagens que falharam',
    resource: 'messages',
    constraints: () => ({ status: 'failed' }),
  },
  {
    key: 'jobs',
    label: () => 'Tarefas em curso',
    resource: 'jobs',
    constraints: () => ({ state: 'running' }),
  },
];
