// The treasury addresses the elements call, and the answers they get back.
import { RESOURCE } from '../../core/index.js';

export const DOCS = RESOURCE.treasuryDocs;
export const STATUSES = RESOURCE.documentStatuses;
export const DONATIONS = 'donations';
/** GET treasury_series (this year's series), PUT treasury_series/{type}/{year} {next}. */
export const SERIES = 'treasury_series';

export interface StatusChange {
  _id: number;
  status: number | null;
  status_name: string | null;
  at: string;
  by_name: string | null;
}
