import { defineElement } from '../../kit/index.js';
import { HandOver } from './hand-over.js';

/**
 * `<associa-hand-over member-id="42">`: for staff, "Entregar forma de pagamento": a new link to
 * the member's payment page (Multibanco, MB WAY, transfer), copied with a ready text for an SMS
 * or WhatsApp, or e-mailed to the member (then only the member sees it). Each hand-over is a new
 * link; the server audits it.
 */
export const HandOverElement = defineElement('associa-hand-over', HandOver, { attributes: { memberId: 'string' } });
