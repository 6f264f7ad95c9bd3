// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { DocDetail } from './doc-detail.js';

/**
 * `<associa-treasury-doc doc-id="7" doc-path="/tesoouraria/:id" payment-path="/pagamentos/:id">`:
 * for staff, below a treasury document's (read-only) form: the payment it documents (a link to
 * `payment-path`), the note that annulled it (a link to `doc-path`), *Descarregar o PDF*, its
 * status history, and *Anular documento* with a required reason (POST treasury_docs/{id}/annul,
 * which issues an annulment note; when the payment it documents stands, the dialog offers to
 * annul that too).
 */
export const TreasuryDocElement = defineElement('associa-treasury-doc', DocDetail, { attributes: { docId: 'string', docPath: 'string', paymentPath: 'string' } });
