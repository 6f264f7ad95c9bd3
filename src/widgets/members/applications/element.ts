import { defineElement } from '../../kit/define-element.js';
import { MemberApplications } from './member-applications.js';

/**
 * `<associa-member-applications member-id="42" application-path="/candidaturas/:id">`: for staff,
 * the membership applications tied to a member, newest first: when submitted (a link to the
 * application), its state and when it was decided. Nothing on a server without applications.
 */
export const MemberApplicationsElement = defineElement('associa-member-applications', MemberApplications, { attributes: { memberId: 'string', applicationPath: 'string' } });
