import { defineElement } from '../../kit/define-element.js';
import { StaffOverview } from './staff-overview.js';

/**
 * `<associa-staff-overview lists='{"member_applications": "/candidaturas", "payments": "/quotas/pagamentos", …}'>`:
 * for staff, what needs attention today (GET /api/overview): applications waiting for a
 * decision, members in arrears with the amount owed, this month's payments with what came in,
 * messages waiting and failed, jobs running (administrators). Each figure is the total of a
 * list and links to it: `lists` names the page of each resource's list, and following a figure
 * gives that list (the page's shared list store) the figure's filters, so it shows the same
 * number (`lists` is JSON text: the host sets it as a property, which a `json` attribute would
 * not parse). Read again whenever what a figure counts changes. Events out: `associa-navigate`.
 */
export const StaffOverviewElement = defineElement('associa-staff-overview', StaffOverview, { attributes: { lists: 'string' } });
