import { AUDIT_ACTION_LABELS, type AuditHistoryEntry } from '../../core/audit.js';
import type { ExplainerField } from '../../core/index.js';
import { formatValue, type LabelsById } from '../shared/format.js';
import { HISTORY_TEXTS as T } from './texts.js';

/** One changed field as a person reads it. */
export interface ChangeLine {
  field: string;
  label: string;
  /** Null for a secret (a password): it changed, its values were never kept. */
  from: string | null;
  to: string | null;
}

/** What an action is called; an action without a name of its own shows as recorded. */
export const actionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** Who acted: a person by name, an API key by name and kind, the server as the system. */
export function actorLabel(entry: AuditHistoryEntry): string {
  const name = entry.actor_name?.trim() || null;
  switch (entry.actor_kind) {
    case 'anonymous':
      return T.anonymous;
    case 'system':
      return name ?? T.system;
    case 'apiKey':
      return name ? T.apiKey(name) : T.unknownActor;
    default:
      return name ?? T.unknownActor;
  }
}

/** Reference labels for a field, or none. */
export type LabelsFor = (field: ExplainerField) => LabelsById;

/**
 * The changed fields, in the order the explainer lists them (fields it does not know last,
 * by their stored name), values formatted as the resource list shows them.
 */
export function changeLines(entry: AuditHistoryEntry, fields: readonly ExplainerField[], labelsFor: LabelsFor): ChangeLine[] {
  const changes = entry.changes ?? {};
  const names = Object.keys(changes);
  const order = (name: string) => {
    const index = fields.findIndex((f) => f.name === name);
    return index === -1 ? fields.length : index;
  };
  return names
    .sort((a, b) => order(a) - order(b))
    .map((name) => {
      const field = fields.find((f) => f.name === name);
      const [from, to] = changes[name] ?? [null, null];
      if (!field) return { field: name, label: name, from: shown(String(from ?? '')), to: shown(String(to ?? '')) };
      if (field.type === 'password') return { field: name, label: field.label, from: null, to: null };
      const labels = labelsFor(field);
      return { field: name, label: field.label, from: shown(formatValue(field, from, labels)), to: shown(formatValue(field, to, labels)) };
    });
}

const shown = (text: string) => (text === '' ? T.empty_value : text);

/** Ids the changes point to, per referenced resource, so their names can be read first. */
export function referencedIds(entries: readonly AuditHistoryEntry[], fields: readonly ExplainerField[]): Map<string, number[]> {
  const byRef = new Map<string, number[]>();
  for (const entry of entries) {
    for (const [name, pair] of Object.entries(entry.changes ?? {})) {
      const field = fields.find((f) => f.name === name);
      if (!field?.ref) continue;
      const ids = pair.flatMap((value): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value])).filter((id): id is number => typeof id === 'number');
      byRef.set(field.ref, [...(byRef.get(field.ref) ?? []), ...ids]);
    }
  }
  return byRef;
}
