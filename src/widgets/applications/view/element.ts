import { defineElement } from '../../kit/define-element.js';
import { ApplicationView } from './application-view.js';

/**
 * `<associa-application application-id="7" member-path="/socios/:id" application-path="/candidaturas/:id"
 * edit-path="/candidaturas/:id/editar">`: for staff, one membership application read as a page:
 * its state and dates; what the applicant wrote, as text (identity and contacts, the category
 * asked for, the proposer); the consent ("Consentimento aceite em …" and the text accepted,
 * GET member_applications/{id}/consent); its photo and documents (to change while it is open);
 * the possible duplicates, each beside the applicant's data and linked at `member-path` or
 * `application-path`; and the decision: Aceitar, Rejeitar with a reason, Desistência while it is
 * open, then who decided, when and why, and the member it made. While it is open, "Corrigir
 * dados" opens `edit-path`.
 *
 * Events out: `associa-navigate` {path} for the member, the duplicates and the correction page.
 */
export const ApplicationElement = defineElement('associa-application', ApplicationView, {
  attributes: { applicationId: 'string', memberPath: 'string', applicationPath: 'string', editPath: 'string' },
});
