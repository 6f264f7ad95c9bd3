import { defineElement } from '../../kit/index.js';
import { DirectDebit } from './direct-debit.js';

/**
 * `<associa-direct-debit batch-path="/quotas/debitoDireto/lotes/:id" mandates-path="/quotas/debitoDireto/mandatos">`:
 * for staff, the direct-debit batches (a list whose rows open `batch-path`), "Preparar lote"
 * where the server allows it (POST direct_debit_batches/prepare: collections of the open debts
 * of members with an active mandate) and a link to `mandates-path`.
 *
 * Events out: `associa-navigate` {path} for the batch prepared, a batch's row and the mandates.
 */
export const DirectDebitElement = defineElement('associa-direct-debit', DirectDebit, { attributes: { batchPath: 'string', mandatesPath: 'string' } });
