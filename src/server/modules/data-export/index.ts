import { defineModule } from '../define-module.js';
import { exportJob } from './job.js';
import { dataExportRoutes } from './routes.js';

/**
 * The whole export (Configuração › Dados, decision 0047): one zip with every resource an
 * administrator reads as CSV and JSON, the stored files and a manifest, made by a background
 * job for administrators only. It declares no resource: it reads every other module's.
 */
export const dataExportModule = defineModule({
  name: 'data-export',
  resources: [],
  jobs: [exportJob],
  routes: dataExportRoutes,
});
