import { defineResource } from '../resources/define.js';
import type { JobDefinition } from './types.js';

const ADMIN = ['admin'] as const;

const STATES = [
  { value: 'queued', label: 'Em espera' },
  { value: 'running', label: 'Em curso' },
  { value: 'done', label: 'Concluída' },
  { value: 'failed', label: 'Falhada' },
] as const;

/**
 * The jobs table as a read-only resource for administrators (src/server/jobs writes it). Its
 * kinds are the declared jobs', so it is built from their list, like the audit trail from the
 * resources.
 */
export function jobsResource(definitions: readonly Pick<JobDefinition, 'name' | 'label'>[]) {
  return defineResource({
    name: 'jobs',
    label: 'Tarefas',
    labelSingular: 'Tarefa',
    defaultSort: '-created_at',
    access: { list: ADMIN, read: ADMIN, create: [], update: [], delete: [] },
    fields: [
      // The host's list shows these seven (its `columns`).
      { name: 'name', type: 'enum', label: 'Tarefa', options: definitions.map((d) => ({ value: d.name, label: d.label })), readOnly: true, filterable: true, sortable: true },
      { name: 'state', type: 'enum', label: 'Estado', options: STATES, readOnly: true, filterable: true, sortable: true },
      { name: 'attempts', type: 'integer', label: 'Tentativas', readOnly: true },
      // Integer division reads the same on both engines.
      { name: 'percent', type: 'computed', label: 'Progresso', readOnly: true, computed: { sql: "CASE WHEN total > 0 THEN (progress * 100 / total) || ' %' END" } },
      { name: 'last_error', type: 'string', label: 'Erro', readOnly: true },
      { name: 'run_at', type: 'datetime', label: 'Próxima execução', readOnly: true, sortable: true, filterable: true },
      { name: 'finished_at', type: 'datetime', label: 'Concluída em', readOnly: true, sortable: true, filterable: true },
      { name: 'key', type: 'string', label: 'Execução', readOnly: true, filterable: true, exactFilter: true, searchable: true, sortable: true },
      { name: 'progress', type: 'integer', label: 'Unidades concluídas', readOnly: true },
      { name: 'total', type: 'integer', label: 'Total de unidades', readOnly: true },
      { name: 'max_attempts', type: 'integer', label: 'Tentativas permitidas', readOnly: true },
      { name: 'started_at', type: 'datetime', label: 'Iniciada em', readOnly: true, sortable: true },
      { name: 'lease_until', type: 'datetime', label: 'Reservada até', readOnly: true },
      { name: 'requested_by', type: 'reference', ref: 'users', label: 'Pedida por', readOnly: true, filterable: true },
      { name: 'payload', type: 'text', label: 'Dados', readOnly: true },
      { name: 'result', type: 'text', label: 'Resultado', readOnly: true },
    ],
  });
}
