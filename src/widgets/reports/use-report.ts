import { RESOURCE, type Core, type QueryParams, type QuerySpec, type ReportName } from '../../core/index.js';
import { useQuery, type QueryView } from '../kit/index.js';
import type { ReportAnswers } from './views.js';

/** What the controls ask of every report; an empty value is the server's default. */
export interface ReportRequest {
  asOf: string;
  from: string;
  to: string;
}

/**
 * Every change that can move a report's figures: the ledger (debts, payments, their
 * allocations), the members (and so their state history) and the fee tables.
 */
const REPORT_SOURCES = [RESOURCE.members, RESOURCE.payments, RESOURCE.unsettledPayments, 'payment_allocations', 'fee_categories', 'fee_schedules'] as const;

function reportQuery(name: ReportName, request: ReportRequest): QuerySpec {
  const params: QueryParams = {};
  for (const key of ['asOf', 'from', 'to'] as const) if (request[key] !== '') params[key] = request[key];
  return { path: `reports/${name}`, params, resources: REPORT_SOURCES };
}

/** One report's answer, read again when what it counts changes. */
export function useReport<Name extends ReportName>(core: Core, name: Name, request: ReportRequest): QueryView<ReportAnswers[Name]> {
  return useQuery<ReportAnswers[Name]>(core.queries, reportQuery(name, request));
}
