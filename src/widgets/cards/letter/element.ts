import { defineElement } from '../../kit/define-element.js';
import { CardLetter } from './letter.js';

/**
 * `<associa-card-letter card-id="5">`: for staff, a card's cover letter (GET
 * membership_card_letters/{id}): the A4 letter with the member's address in the envelope window
 * and the card at its foot, shown and downloadable; a member without a full address gets the
 * server's words naming what is missing. Route patterns: `card-path` ('/cartoessocio/:id', the
 * way back) and `member-path` ('/socios/:id', to complete the address); absent, no link.
 */
export const CardLetterElement = defineElement('associa-card-letter', CardLetter, { attributes: { cardId: 'string', cardPath: 'string', memberPath: 'string' } });
