import { defineElement } from '../../kit/define-element.js';
import { CardPrint } from './print.js';

/**
 * `<associa-card-print>`: for staff, "Imprimir seleção" above the cards list: one PDF of the
 * active cards (all, a fee category's, or the rows picked in an `<associa-resource-list
 * resource="membership_cards" selectable>` on the same page, heard from its `associa-selection`
 * events), through GET membership_cards?type; a large selection is a server job with its progress.
 * No attributes besides `api`.
 */
export const CardPrintElement = defineElement('associa-card-print', CardPrint, { attributes: {} });
