import { sql } from 'kysely';
import type { ApiRecord } from '../../../core/contract.js';
import { csvTable } from '../../../core/csv.js';
import type { Caller } from '../../auth/caller.js';
import { loose, type Db } from '../../db/database.js';
import { computedSelections } from '../../fields/index.js';
import type { Field, Resource } from '../../resources/define.js';
import { canReadField } from '../../resources/permissions.js';
import { toRecord, withLinks } from '../../resources/records.js';
import type { Registry } from '../../resources/registry.js';
import { members } from './members.js';

type Key = number | string;

/**
 * What a member's data export (RGPD right of access) gathers besides the member record (which
 * carries their guardian's fields): each resource with the column that ties its rows to the
 * member and that column's values. Messages are tied by address (theirs and, for a minor, their
 * guardian's); a resource this server lacks (a module not installed) is left out.
 */
const SECTIONS: readonly { resource: string; by: string; values: (member: ApiRecord, id: number) => readonly Key[] }[] = [
  // The household they belong to (issue 34).
  { resource: 'households', by: '_id', values: (member) => (typeof member.household === 'number' ? [member.household] : []) },
  { resource: 'unsettled_payments', by: 'member', values: (_member, id) => [id] },
  // What they owe today and what falls due later, as the unpaid list says it.
  { resource: 'member_balances', by: 'member', values: (_member, id) => [id] },
  { resource: 'payments', by: 'member', values: (_member, id) => [id] },
  { resource: 'membership_cards', by: 'member', values: (_member, id) => [id] },
  { resource: 'messages', by: 'recipient', values: (member) => addresses(member) },
  // What they agreed to, and what they asked of the association about their data (issue 34).
  { resource: 'consents', by: 'member', values: (_member, id) => [id] },
  { resource: 'data_subject_requests', by: 'member', values: (_member, id) => [id] },
];

function addresses(member: ApiRecord): string[] {
  const found = [member.email, member.guardian_email].filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.toLowerCase());
  return [...new Set(found)];
}

interface OwnDataSection {
  resource: string;
  label: string;
  records: ApiRecord[];
}

export interface OwnData {
  member: ApiRecord;
  sections: OwnDataSection[];
}

async function rowsOf(db: Db, resource: Resource, column: string, values: readonly Key[], caller: Caller): Promise<ApiRecord[]> {
  if (values.length === 0) return [];
  let query = loose(db).selectFrom(resource.name).selectAll().select(computedSelections(resource)).orderBy('_id');
  // An address is the same whatever its case ('Ana@Exemplo.pt' received what was sent to ana@exemplo.pt).
  query = typeof values[0] === 'string' ? query.where(sql`lower(${sql.ref(column)})`, 'in', values.map((v) => String(v).toLowerCase())) : query.where(column, 'in', values);
  const rows = await withLinks(db, resource, await query.execute());
  return rows.map((row) => toRecord(resource, row, caller));
}

/** The member's record and everything about them the modules keep, as `caller` may read it; undefined when there is no such member. */
export async function gatherOwnData(db: Db, registry: Registry, memberId: number, caller: Caller, now: number): Promise<OwnData | undefined> {
  const [member] = await rowsOf(db, members, '_id', [memberId], caller);
  if (!member) return undefined;
  const sections: OwnDataSection[] = [];
  for (const { resource: name, by, values } of SECTIONS) {
    const resource = registry.resourceByName(name);
    if (!resource) continue;
    await resource.beforeRead?.(db, now);
    sections.push({ resource: name, label: resource.label, records: await rowsOf(db, resource, by, values(member, memberId), caller) });
  }
  return { member, sections };
}

/** A value as a person reads it in a spreadsheet: euros with a decimal comma, Sim/Não, lists joined. */
function cellText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'money' && typeof value === 'number') return (value / 100).toFixed(2).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** One line per value (section, record, field, value): sections of different shapes in one table. */
export function ownDataCsv(data: OwnData, registry: Registry, caller: Caller): string {
  const rows: string[][] = [['Secção', 'Registo', 'Campo', 'Valor']];
  const add = (resource: Resource, label: string, record: ApiRecord) => {
    for (const field of resource.fields) {
      if (!(field.name in record) || !canReadField(field, caller)) continue;
      rows.push([label, String(record._id), field.label, cellText(field, record[field.name])]);
    }
  };
  add(members, members.labelSingular, data.member);
  for (const section of data.sections) {
    const resource = registry.resourceByName(section.resource)!;
    for (const record of section.records) add(resource, section.label, record);
  }
  return csvTable(rows);
}
