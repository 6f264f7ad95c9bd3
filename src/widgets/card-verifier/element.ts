// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../kit/define-element.js';
import { CardVerifier } from './card-verifier.js';

/**
 * `<associa-card-verifier code="…" api="…">`: the public check of a membership card, without
 * login or API key, for the /v/{code} page its QR code opens and for an association's own
 * website. Without `code` it takes `?codigo=` (or `#codigo=`) from the page's address, or a
 * code typed in. Shows 'Válido', 'Quotas em atraso', 'Expirado', 'Substituído' or 'Inválido' big, in
 * colour and words, with the holder's name, number, category and validity; 'Cartão não
 * encontrado' for an unknown code; and says so when checks come too fast (429).
 */
export const CardVerifierElement = defineElement('associa-card-verifier', CardVerifier, { attributes: { code: 'string' } });
