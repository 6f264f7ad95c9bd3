import { defineElement } from '../kit/index.js';
import { MemberHome } from './member-home.js';

/** `<associa-member-home api="…">`: the logged-in member's own record (/dashboard): the fields they may correct, their card and its PDF, their open debts and payments, and their data to download (RGPD). */
export const MemberHomeElement = defineElement('associa-member-home', MemberHome, { attributes: {} });
