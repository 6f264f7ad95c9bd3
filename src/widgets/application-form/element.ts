// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../kit/define-element.js';
import { ApplicationForm } from './application-form.js';

/**
 * `<associa-application-form api="…">`: the public membership application for an
 * association's own website and the host's public page, without login or API key. Asks the
 * member fields the association chose (settings), the fee category, the proposer where the
 * statutes want one, a minor's guardian, consent, a photo cropped to 3:4 and documents; checks
 * them as the server does; ends on 'Recebemos a sua candidatura…'.
 */
export const ApplicationFormElement = defineElement('associa-application-form', ApplicationForm, { attributes: {} });
