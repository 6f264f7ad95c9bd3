// The staff home: what needs attention today, each figure a way into the list it counts.
// SPEC 2 keeps /adminHome (where staff land after login) a redirect to the member list, so the
// overview is a page of its own, first in the main menu.
import { defineClientModule, type PageContext } from '../../core/client-module.js';
import { ROLE, STAFF_ROLES } from '../../core/index.js';

/** The pages the first-run checklist links to, by route name; a route this build lacks is left out. */
const SETUP_LINKS = ['feeSettings', 'membersImport', 'membersNew', 'dataSettings', 'messageSettings', 'memberSettings'];
const setupPaths = (page: PageContext) =>
  JSON.stringify(
    Object.fromEntries(
      SETUP_LINKS.flatMap((name) => {
        try {
          return [[name, page.path(name)]];
        } catch {
          return [];
        }
      }),
    ),
  );

export const HOME_MODULE = defineClientModule({
  name: 'home',
  routes: () => [
    {
      name: 'staffHome',
      path: '/inicio',
      title: 'Início',
      access: STAFF_ROLES,
      page: {
        parts: [
          // A production start's first-run checklist (decision 0049), for administrators, until every step is done or skipped.
          { element: 'associa-setup-checklist', panel: false, attrs: (page) => ({ paths: setupPaths(page) }), when: (page) => page.role === ROLE.admin },
          {
            element: 'associa-staff-overview',
            panel: false,
            // The list page of each resource a figure counts (a module's figure needs its list here).
            attrs: ({ path }) => ({
              lists: JSON.stringify({
                member_applications: path('memberApplicationsList'),
                member_balances: path('unpaid'),
                payments: path('paymentsList'),
                messages: path('messageList'),
                jobs: path('jobs'),
              }),
            }),
          },
        ],
      },
    },
    // The checklist again under the settings, whole: a step left for later is taken up here.
    {
      name: 'setupSettings',
      path: '/configuracao/primeiros-passos',
      title: 'Primeiros passos',
      access: [ROLE.admin],
      settings: true,
      page: { parts: [{ element: 'associa-setup-checklist', panel: false, attrs: (page) => ({ paths: setupPaths(page), always: 'true' }) }] },
    },
  ],
  menu: [{ order: 5, key: 'home', label: 'Início', route: 'staffHome' }],
  settings: [{ order: 5, route: 'setupSettings', label: 'Primeiros passos' }],
});
