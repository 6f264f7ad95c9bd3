import { defineElement } from '../../kit/define-element.js';
import { MemberFiles } from './files.js';

/**
 * `<associa-member-files resource="members" record-id="42">`: for staff, the photo (cropped 3:4;
 * a member's is the one their card shows) and the PDF documents of a member, or of an
 * application under review (`resource="member_applications"`), with upload, replace and delete;
 * read again when the server announces a change to that record (the applicant's upload, another
 * member of staff). Shows nothing without both attributes.
 */
export const MemberFilesElement = defineElement('associa-member-files', MemberFiles, { attributes: { resource: 'string', recordId: 'string' } });
