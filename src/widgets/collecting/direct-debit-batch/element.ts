import { defineElement } from '../../kit/index.js';
import { BatchDetail } from './batch.js';

/**
 * `<associa-direct-debit-batch batch-id="5">`: for staff, one direct-debit batch: its collection
 * date, state and total, the pain.008 files for the bank (versions 001.02 and 001.08), and each
 * collection confirmed (POST direct_debit_items/{id}/confirm: the debt is paid) or returned with
 * a reason (…/reject), one by one or all pending at once.
 */
export const DirectDebitBatchElement = defineElement('associa-direct-debit-batch', BatchDetail, { attributes: { batchId: 'string' } });
