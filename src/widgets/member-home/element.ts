import { defineElement } from '../kit/index.js';
import { MemberHome } from './member-home.js';

/** `<associa-member-home api="…">`: the logged-in member's own record (/dashboard), with a link to edit the profile, their open debts and their payments. */
export const MemberHomeElement = defineElement('associa-member-home', MemberHome, { attributes: {} });
