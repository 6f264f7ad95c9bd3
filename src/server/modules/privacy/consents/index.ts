import type { PrivacyPart } from '../part.js';

// `as const`: the resources' literal names and fields type the tables (see part.ts).
export const CONSENT_RESOURCES = [] as const;

/** The consent register (issue 34, part 4): purposes, each person's consents, bulk messages by purpose. */
export const consentsPart: PrivacyPart = { actions: [], migrations: [], jobs: [] };
