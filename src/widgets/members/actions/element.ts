import { defineElement } from '../../kit/define-element.js';
import { MemberActions } from './member-actions.js';

/**
 * `<associa-member-actions member-id="42">`: for staff, what to do for a member: *Registar
 * pagamento* (their open debts to tick and record, `<associa-payment-debts>`), *Pedir pagamento*
 * (a Multibanco reference or MB WAY request, `<associa-request-payment>`), *Enviar mensagem*
 * (to their e-mail address) and *Emitir cartão* (asked first: a card they had is superseded).
 * The other elements load the first time they are opened. Each button shows only where the
 * server offers what it does.
 */
export const MemberActionsElement = defineElement('associa-member-actions', MemberActions, { attributes: { memberId: 'string' } });
