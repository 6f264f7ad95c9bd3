import { defineElement } from '../../kit/define-element.js';
import { MemberHeading } from './member-heading.js';

/**
 * `<associa-member-heading member-id="42">`: for staff, the member's number, e-mail and phone on
 * one line; it names the page after the member ('Ana Lopes (n.º 12)') with an `associa-title`
 * event, which the back office takes as the page's heading and document title.
 */
export const MemberHeadingElement = defineElement('associa-member-heading', MemberHeading, { attributes: { memberId: 'string' } });
