import { defineElement } from '../kit/index.js';
import { Reports } from './reports.js';

/**
 * `<associa-reports api="…">`: the five reports of SPEC 7 for an association's staff (owed per
 * year, next year's expected quotas, payments, cancellations, memberships), each with its basis,
 * as-of date, charts, table and CSV export; `report="paymentsPerYear"` shows that one only.
 * An as-of date and a year range above them apply to all; 'Imprimir' prints them as an A4 annex
 * to the annual report (the organisation's name and the day on top, no controls, each report on
 * its own page): while the element is on a page, that page prints on A4.
 */
export const ReportsElement = defineElement('associa-reports', Reports, { attributes: { report: 'string' } });
