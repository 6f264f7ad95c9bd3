import { defineElement } from '../kit/index.js';
import { Reports } from './reports.js';

/**
 * `<associa-reports api="…">`: the five reports of SPEC 7 for an association's staff (owed per
 * year, next year's expected quotas, payments, cancellations, memberships), each with its basis,
 * as-of date, charts, table and CSV export; `report="paymentsPerYear"` shows that one only.
 * An as-of date and a year range above them apply to all.
 */
export const ReportsElement = defineElement('associa-reports', Reports, { attributes: { report: 'string' } });
