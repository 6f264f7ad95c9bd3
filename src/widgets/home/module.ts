// The staff home: what needs attention today, each figure a way into the list it counts.
// SPEC 2 keeps /adminHome (where staff land after login) a redirect to the member list, so the
// overview is a page of its own, first in the main menu.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

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
  ],
  menu: [{ order: 5, key: 'home', label: 'Início', route: 'staffHome' }],
});
