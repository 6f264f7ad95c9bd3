import type { PrivacyPart } from '../part.js';

// `as const`: the resources' literal names and fields type the tables (see part.ts).
export const ERASURE_RESOURCES = [] as const;

/** Erasure and retention, and the register of data-subject requests (issue 34, part 5). */
export const erasurePart: PrivacyPart = { actions: [], migrations: [], jobs: [] };
