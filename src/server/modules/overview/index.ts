import { defineModule } from '../define-module.js';
import { overviewRoutes } from './overview-routes.js';

/** The staff home's overview: one read (GET /api/overview) of figures other modules' lists count (overview-figures.ts). */
export const overviewModule = defineModule({
  name: 'overview',
  resources: [],
  routes: overviewRoutes,
});
