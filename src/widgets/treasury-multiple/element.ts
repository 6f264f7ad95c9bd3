// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../kit/define-element.js';
import { TreasuryMultiple } from './treasury-multiple.js';

/**
 * `<associa-treasury-multiple>`: for staff, the receipts of the payments that have none, issued
 * in the background with a progress bar (POST treasury_docs/missing_receipts counts them,
 * POST treasury_docs/issue_missing starts the job). Optional `from` and `to` (YYYY-MM-DD) choose
 * the payments' dates; the user may change them.
 */
export const TreasuryMultipleElement = defineElement('associa-treasury-multiple', TreasuryMultiple, { attributes: { from: 'string', to: 'string' } });
