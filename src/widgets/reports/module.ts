// The reports page (associations only: a cooperative's reports differ and are not built).
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

export const REPORTS_MODULE = defineClientModule({
  name: 'reports',
  routes: () => [
    {
      name: 'reportOverview',
      path: '/relatorios',
      title: 'Relatórios',
      access: STAFF_ROLES,
      orgType: 'association',
      // The element draws its own frame, which paper drops (it prints as an A4 annex).
      page: { parts: [{ element: 'associa-reports', panel: false }] },
    },
  ],
  menu: [{ order: 60, key: 'reports', label: 'Relatórios', route: 'reportOverview' }],
});
