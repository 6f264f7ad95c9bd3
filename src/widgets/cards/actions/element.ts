import { defineElement } from '../../kit/define-element.js';
import { CardActions } from './card-actions.js';

/**
 * `<associa-card-actions card-id="5">`: for staff, under a card's data, its standing today and its
 * actions: the PDF, reissue (the old code then answers 'Substituído'), revoke with a reason, its
 * cover letter and the public page its QR code opens. Route patterns: `card-path`
 * ('/cartoessocio/:id', where a reissued card opens; without it, it opens in place),
 * `letter-path` ('/cartaCartoessocio/:id') and `verify-path` ('/v/:id', filled with the code);
 * a link whose path is absent is not shown.
 */
export const CardActionsElement = defineElement('associa-card-actions', CardActions, {
  attributes: { cardId: 'string', cardPath: 'string', letterPath: 'string', verifyPath: 'string' },
});
