import { defineElement } from '../../kit/define-element.js';
import { ApplicationReview } from './review.js';

/**
 * `<associa-application-decision application-id="7" member-path="/socios/:id"
 * application-path="/candidaturas/:id">`: for staff, below an application's form: while it is
 * open (submitted or e-mail confirmed) Aceitar, Rejeitar with a required reason and Desistência,
 * each confirmed first (POST member_applications/{id}/accept|reject|withdraw), then what was done
 * and, once accepted, a link to the new member at `member-path`; its photo and documents
 * (<associa-member-files> while open; once decided as they were, or that they are the member's
 * now); and the members and applications it may repeat (same NIF, e-mail, or name and birth
 * date), linked at `member-path` and `application-path`. Without `application-id` (a new
 * application not yet saved): that its photo and documents are added once it is saved.
 *
 * Events out: `associa-navigate` {path} for the new member and the duplicates.
 */
export const ApplicationDecisionElement = defineElement('associa-application-decision', ApplicationReview, {
  attributes: { applicationId: 'string', memberPath: 'string', applicationPath: 'string' },
});
