// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { PaymentsOverview } from './overview.js';

/**
 * `<associa-payments-overview>`: for staff, the payments' figures (owed, not yet due, received
 * this year, members in arrears) and a bar chart of what came in each of the last twelve months
 * (GET payments_overview), read again whenever a payment or a debt changes.
 */
export const PaymentsOverviewElement = defineElement('associa-payments-overview', PaymentsOverview, { attributes: {} });
