// The background jobs (administrators only).
import { defineClientModule } from '../../core/client-module.js';
import { ROLE } from '../../core/index.js';

export const JOBS_MODULE = defineClientModule({
  name: 'jobs',
  routes: () => [{ name: 'jobs', path: '/tarefas', title: 'Tarefas', access: [ROLE.admin], settings: true }],
  settings: [{ order: 100, route: 'jobs', label: 'Tarefas' }],
});
