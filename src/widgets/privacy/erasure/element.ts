import { defineElement } from '../../kit/define-element.js';
import { MemberErasure } from './member-erasure.js';

/**
 * `<associa-member-erasure member-id="42" request-path="/privacidade/pedidos/:id">`: on a member's
 * page, for staff. An erased member: when, by whom and on which request (a link through
 * `request-path`). Otherwise, for administrators, *Apagar dados pessoais*: what is erased (with
 * counts) and what is kept, why and until when, the open erasure request to answer, and the
 * erasure itself, confirmed by typing the member's number. Editors see nothing until erased.
 */
export const MemberErasureElement = defineElement('associa-member-erasure', MemberErasure, { attributes: { memberId: 'string', requestPath: 'string' } });
