import type { FieldType, ImportField, ImportMapping } from '../../../core/contract.js';
import type { Field, Resource } from '../../resources/define.js';
import type { Registry } from '../../resources/registry.js';
import { headerKey, isGivenName } from './header-names.js';

/** A field a column may fill, as the resource defines it. */
export interface TargetField extends ImportField {
  field: Field;
  /** For a reference: the resource its names are looked up in. */
  target?: Resource;
}

/** Field types a spreadsheet cell can hold as typed text. */
const CELL_TYPES: ReadonlySet<FieldType> = new Set(['string', 'text', 'email', 'phone', 'integer', 'money', 'boolean', 'date', 'reference', 'references', 'enum']);

const HINTS: Partial<Record<FieldType, string>> = {
  date: 'dd/mm/aaaa ou aaaa-mm-dd',
  phone: 'Ex.: 912 345 678 ou +351 912 345 678',
  boolean: 'Sim ou Não',
  integer: 'Um número inteiro',
  money: 'Ex.: 12,50',
  email: 'Ex.: ana@exemplo.pt',
};

function hintOf(field: Field, target: Resource | undefined): string {
  if (field.validation.checks?.includes('postalCode')) return 'NNNN-NNN';
  if (field.validation.checks?.includes('nif')) return '9 algarismos';
  if (field.type === 'reference') return `O nome, como em ${target!.label}`;
  if (field.type === 'references') return `Nomes de ${target!.label}, separados por vírgulas`;
  if (field.type === 'enum') return (field.options ?? []).map((o) => o.label).join(', ');
  return HINTS[field.type] ?? '';
}

/**
 * The fields a spreadsheet may fill in a resource: every field a person may write (not
 * read-only, not write-only, of a type a cell can hold), in the definition's order, with its
 * label. A reference is filled by the referenced record's name, so its resource must have one.
 * Nothing here lists a resource's fields: the definition does.
 */
export function targetFields(resource: Resource, registry: Pick<Registry, 'resourceByName'>): TargetField[] {
  return resource.fields.flatMap((field): TargetField[] => {
    if (field.readOnly || field.writeOnly || !CELL_TYPES.has(field.type)) return [];
    const target = field.ref ? registry.resourceByName(field.ref) : undefined;
    if (field.ref && !target?.field('name')) return [];
    const required = Boolean(field.validation.required && !field.defaultValue && !field.createDefault);
    const joins = field.type === 'string' || field.type === 'text' || field.type === 'references';
    return [{ key: field.name, label: field.label, required, hint: hintOf(field, target), joins: joins && !field.validation.checks?.length, field, ...(target ? { target } : {}) }];
  });
}

/** Public part of a target field, as the upload answers it. */
export const fieldView = ({ key, label, required, hint, joins }: TargetField): ImportField => ({ key, label, required, hint, joins });

/**
 * The suggested field of each column: the mapping kept from the last import of this kind
 * (by header), else the field whose label, name or other known header name the column's header
 * is. A field that takes one value gets one column: the best-named (kept ones first).
 */
export function suggestMapping(header: readonly string[], fields: readonly TargetField[], names: Readonly<Record<string, readonly string[]>>, kept: Readonly<Record<string, string | null>>): ImportMapping {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const rank = new Map<string, { field: string; score: number }>();
  const offer = (key: string, field: string, score: number) => {
    const current = rank.get(key);
    if (!current || score < current.score) rank.set(key, { field, score });
  };
  for (const field of fields) {
    offer(headerKey(field.label), field.key, 0);
    offer(headerKey(field.key), field.key, 0);
    (names[field.key] ?? []).forEach((name, index) => offer(headerKey(name), field.key, index + 1));
  }
  const mapping: ImportMapping = {};
  const taken = new Map<string, { column: number; score: number }>();
  header.forEach((text, column) => {
    const key = headerKey(text);
    const remembered = Object.hasOwn(kept, key) ? kept[key] : undefined;
    const choice = remembered !== undefined ? (remembered === null || byKey.has(remembered) ? { field: remembered, score: -1 } : undefined) : rank.get(key);
    mapping[String(column)] = null;
    if (!choice || choice.field === null) return;
    const field = byKey.get(choice.field)!;
    const earlier = taken.get(field.key);
    if (!field.joins && earlier) {
      if (earlier.score <= choice.score) return;
      mapping[String(earlier.column)] = null;
    }
    mapping[String(column)] = field.key;
    taken.set(field.key, { column, score: choice.score });
  });
  return mapping;
}

/** The columns that fill each field, a first name before the rest (then in file order). */
export function columnsByField(mapping: ImportMapping, header: readonly string[]): Map<string, number[]> {
  const plan = new Map<string, number[]>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field === null) continue;
    plan.set(field, [...(plan.get(field) ?? []), Number(column)]);
  }
  for (const columns of plan.values()) {
    columns.sort((a, b) => Number(isGivenName(header[b] ?? '')) - Number(isGivenName(header[a] ?? '')) || a - b);
  }
  return plan;
}

/** A mapping as sent, checked against the file's columns and the fields; pt-PT messages for what is wrong. */
export function mappingProblems(mapping: ImportMapping, header: readonly string[], fields: readonly TargetField[]): string[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const problems: string[] = [];
  const used = new Map<string, number>();
  for (const [column, field] of Object.entries(mapping)) {
    const index = Number(column);
    if (!/^\d+$/.test(column) || index >= header.length) problems.push(`O ficheiro não tem a coluna ${column}.`);
    if (field === null) continue;
    const target = byKey.get(field);
    if (!target) {
      problems.push(`Não há nenhum campo «${field}» para a coluna «${header[index] ?? column}».`);
      continue;
    }
    used.set(field, (used.get(field) ?? 0) + 1);
    if (!target.joins && used.get(field) === 2) problems.push(`O campo «${target.label}» só pode ser preenchido por uma coluna.`);
  }
  return problems;
}
