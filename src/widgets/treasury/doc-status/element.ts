// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { DocStatusControl } from './doc-status.js';

/**
 * `<associa-treasury-doc-status doc-id="7">`: for staff, a treasury document's current status
 * by name, *Mudar estado* to one of the document statuses and *Limpar estado*
 * (POST treasury_docs_statuses/bulk and /bulk_delete with the one id). Sends no event: the
 * document's page reads the change through the treasury documents' invalidation.
 */
export const TreasuryDocStatusElement = defineElement('associa-treasury-doc-status', DocStatusControl, { attributes: { docId: 'string' } });
