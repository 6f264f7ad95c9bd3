import { defineElement } from '../../kit/index.js';
import { ImportPage } from './import-page.js';

/**
 * `<associa-import kinds="members,history" members-path="/socios" member-path="/socios/:id" plural="Sócios">`:
 * for staff, a file (CSV or Excel) imported in steps: what it holds (`kinds`, those the server
 * imports), the file sent (POST imports), its columns mapped to fields, checked without writing
 * (POST imports/:id/check: the report, by outcome, downloadable as CSV), then imported
 * (POST imports/:id/commit, a job followed on the `jobs` topic) and the members' list linked.
 *
 * Events out: `associa-navigate` {path} for a matched member or the members' list.
 */
export const ImportElement = defineElement('associa-import', ImportPage, {
  attributes: { kinds: 'string', membersPath: 'string', memberPath: 'string', plural: 'string' },
});
