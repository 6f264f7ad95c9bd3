// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { DocDetail } from './doc-detail.js';

/**
 * `<associa-treasury-doc doc-id="7" doc-path="/tesoouraria/:id" payment-path="/pagamentos/:id"
 * member-path="/socios/:id">`: a treasury document read as a document (GET treasury_docs/{id}/view):
 * number, type, series by name, its situation (issued, or annulled by a note linked through
 * `doc-path`; a note links the document it annuls), issuer and payer (the member's page through
 * `member-path`), the lines in euros with the total, the payment it documents (a link to
 * `payment-path`), *Descarregar o PDF*, the PDF embedded (fetched once it scrolls near), its
 * status history, *Anular documento* with a required reason (POST treasury_docs/{id}/annul, which
 * issues an annulment note; when the payment it documents stands, the dialog offers to annul
 * that too), and for staff the integrity hashes folded under *Integridade*.
 */
export const TreasuryDocElement = defineElement('associa-treasury-doc', DocDetail, {
  attributes: { docId: 'string', docPath: 'string', paymentPath: 'string', memberPath: 'string' },
});
