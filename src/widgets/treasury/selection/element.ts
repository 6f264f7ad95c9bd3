// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { SelectionActions } from './selection-actions.js';

/**
 * `<associa-treasury-selection>`: for staff, above the treasury documents' list
 * (`<associa-resource-list resource="treasury_docs" selectable="true">`, whose
 * `associa-selection` events it hears on the document): set or clear the picked documents'
 * status in bulk, or download them, one PDF per document in a zip or merged for printing; a large
 * download is a server job followed with a progress bar.
 */
export const TreasurySelectionElement = defineElement('associa-treasury-selection', SelectionActions, { attributes: {} });
