// The background jobs (administrators only).
import { defineClientModule } from '../../core/client-module.js';
import { ROLE } from '../../core/index.js';

export const JOBS_MODULE = defineClientModule({
  name: 'jobs',
  // The schedule, then every run, newest first.
  routes: () => [
    {
      name: 'jobs',
      path: '/tarefas',
      title: 'Tarefas',
      access: [ROLE.admin],
      settings: true,
      page: {
        parts: [
          { element: 'associa-job-schedule', section: 'Agenda das tarefas' },
          { list: 'jobs', columns: 'name,state,attempts,percent,last_error,run_at,finished_at', attrs: { label: 'Execuções' } },
        ],
      },
    },
  ],
  settings: [{ order: 100, route: 'jobs', label: 'Tarefas' }],
});
