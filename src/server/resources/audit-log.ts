import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_LABELS } from '../../core/audit.js';
import type { ActionDefinition } from './actions.js';
import { defineResource, type Resource } from './define.js';

const ADMIN = ['admin'] as const;

const options = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The audit trail as a read-only resource for administrators (src/server/audit writes it, in
 * the transaction of each change). Its `resource` choices are the resources `others` names,
 * so it is built from that list rather than importing it.
 */
export function auditLogResource(others: readonly Resource[], actions: readonly Pick<ActionDefinition, 'name' | 'label'>[] = []) {
  // Declared actions are recorded under their own names: their labels join the built-in ones.
  const actionLabels = { ...Object.fromEntries(actions.map((a) => [a.name, a.label])), ...AUDIT_ACTION_LABELS };
  return defineResource({
    name: 'audit_log',
    label: 'Auditoria',
    labelSingular: 'Registo de auditoria',
    defaultSort: '-at',
    access: { list: ADMIN, read: ADMIN, create: [], update: [], delete: [] },
    fields: [
      // The first six are the list's default columns.
      { name: 'at', type: 'datetime', label: 'Data e hora', readOnly: true, sortable: true },
      { name: 'actor_name', type: 'string', label: 'Autor', readOnly: true, filterable: true, searchable: true },
      { name: 'action', type: 'enum', label: 'Ação', options: options(actionLabels), readOnly: true, filterable: true },
      {
        name: 'resource', type: 'enum', label: 'Recurso', readOnly: true, filterable: true,
        options: others.map((r) => ({ value: r.name, label: r.label })),
      },
      { name: 'record_id', type: 'integer', label: 'Identificador do registo', readOnly: true, filterable: true },
      { name: 'address', type: 'string', label: 'Endereço IP', readOnly: true, filterable: true, searchable: true },
      { name: 'day', type: 'date', label: 'Dia', readOnly: true, filterable: true },
      { name: 'actor_kind', type: 'enum', label: 'Tipo de autor', options: options(AUDIT_ACTOR_LABELS), readOnly: true, filterable: true },
      { name: 'actor_id', type: 'integer', label: 'Identificador do autor', readOnly: true, filterable: true },
      { name: 'changes', type: 'text', label: 'Alterações', readOnly: true },
    ],
  });
}

/** Every resource of `domain` and, last, the audit trail of them all. */
export const withAuditLog = (domain: readonly Resource[], actions: readonly Pick<ActionDefinition, 'name' | 'label'>[] = []): readonly Resource[] => [
  ...domain,
  auditLogResource(domain, actions),
];
