// Every word of the background jobs' elements, in pt-PT.
import type { JobScheduleEntry } from '../../core/index.js';

export const JOBS_TEXTS = {
  schedule: 'Agenda das tarefas',
  job: 'Tarefa',
  timing: 'Agendamento',
  nextRun: 'Próxima execução',
  lastRun: 'Última execução',
  onDemand: 'Só a pedido',
  never: 'Ainda não executada',
  none: 'Nenhum módulo declara tarefas.',
  failed: 'Não foi possível ler a agenda das tarefas.',
  states: {
    queued: 'Em espera',
    running: 'Em curso',
    done: 'Concluída',
    failed: 'Falhada',
  } satisfies Record<NonNullable<JobScheduleEntry['lastRun']>['state'], string>,
} as const;
