import { STAFF_ROLES } from '../../../core/contract.js';
import type { Db, Row } from '../../db/database.js';
import { conflict } from '../../errors.js';
import { defineResource, type WriteHooks } from '../../resources/define.js';

/** The majority an agenda item needs (rules.ts `decide`). */
export const MAJORITIES = [
  { value: 'ordinary', label: 'Maioria absoluta dos presentes' },
  { value: 'statutes', label: 'Alteração dos estatutos' },
  { value: 'dissolution', label: 'Dissolução ou prorrogação' },
  { value: 'election', label: 'Eleição' },
  { value: 'custom', label: 'Outra maioria' },
] as const;
export type Majority = (typeof MAJORITIES)[number]['value'];

/** What a custom fraction is taken of. */
export const CUSTOM_BASES = [
  { value: 'present', label: 'Dos presentes' },
  { value: 'all', label: 'De todos os associados' },
  { value: 'cast', label: 'Dos votos expressos' },
] as const;
export type CustomBase = (typeof CUSTOM_BASES)[number]['value'];

const VOTE_STATUSES = [
  { value: 'pending', label: 'Por votar' },
  { value: 'open', label: 'Em votação' },
  { value: 'closed', label: 'Votado' },
] as const;

const VOTE_RESULTS = [
  { value: 'approved', label: 'Aprovado' },
  { value: 'rejected', label: 'Rejeitado' },
] as const;

const AGENDA_FROZEN = 'A assembleia já foi convocada: a ordem de trabalhos não pode mudar.';
const CLOSED = 'A assembleia está encerrada: as deliberações não podem mudar.';
const CUSTOM_REQUIRED = 'Obrigatório quando a maioria é «Outra maioria».';

async function assemblyStatus(db: Db, id: unknown): Promise<string | null> {
  if (id === null || id === undefined) return null;
  const row = await db.selectFrom('assemblies').select('status').where('_id', '=', Number(id)).executeTakeFirst();
  return row?.status ?? null;
}

const changed = (values: Row, existing: Row, name: string) =>
  values[name] !== undefined && String(values[name] ?? '') !== String(existing[name] ?? '');

/** Typed apart (not inferred in the definition): the settings and tables they read are typed from the modules. */
const itemHooks: WriteHooks = {
  async validate(hook, values, existing) {
    const merged = { ...existing, ...values };
    const errors: Record<string, string> = {};
    if (merged.assembly != null && merged.position != null) {
      let taken = hook.db.selectFrom('assembly_items').select('_id').where('assembly', '=', Number(merged.assembly)).where('position', '=', Number(merged.position));
      if (existing) taken = taken.where('_id', '!=', Number(existing._id));
      if (await taken.executeTakeFirst()) errors.position = 'Já há um ponto com este número na ordem de trabalhos.';
    }
    if (merged.majority === 'custom') {
      for (const name of ['custom_num', 'custom_den', 'custom_base']) if (merged[name] === null || merged[name] === undefined) errors[name] = CUSTOM_REQUIRED;
      if (errors.custom_num === undefined && errors.custom_den === undefined && Number(merged.custom_num) >= Number(merged.custom_den)) {
        errors.custom_num = 'O numerador tem de ser menor do que o denominador.';
      }
    }
    return Object.keys(errors).length > 0 ? errors : undefined;
  },
  async beforeWrite(hook, values, existing) {
    if (!existing) {
      if ((await assemblyStatus(hook.db, values.assembly)) !== 'draft') throw conflict(AGENDA_FROZEN);
      values.vote_status = 'pending';
      if (values.secret === undefined || values.secret === null) values.secret = values.majority === 'election' ? 1 : 0;
      return;
    }
    const status = await assemblyStatus(hook.db, existing.assembly);
    const agendaChanges = Object.keys(values).filter((name) => name !== 'deliberation' && changed(values, existing, name));
    if (agendaChanges.length > 0 && status !== 'draft') throw conflict(AGENDA_FROZEN);
    if (changed(values, existing, 'assembly') && (await assemblyStatus(hook.db, values.assembly)) !== 'draft') throw conflict(AGENDA_FROZEN);
    if (changed(values, existing, 'deliberation') && status === 'closed') throw conflict(CLOSED);
  },
  async beforeDelete(hook, existing) {
    if ((await assemblyStatus(hook.db, existing.assembly)) !== 'draft') throw conflict(AGENDA_FROZEN);
  },
};

/**
 * An item of an assembly's agenda, in order. The agenda is what was convened: once the notice
 * went out, items are neither added, changed nor removed; only the deliberation's text is
 * written, until the assembly closes. Votes and results are the session's actions'.
 */
export const assemblyItems = defineResource({
  name: 'assembly_items',
  label: 'Pontos da ordem de trabalhos',
  labelSingular: 'Ponto da ordem de trabalhos',
  defaultSort: 'position',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  fields: [
    { name: 'assembly', type: 'reference', ref: 'assemblies', label: 'Assembleia', validation: { required: true }, filterable: true },
    { name: 'position', type: 'integer', label: 'N.º', validation: { required: true, min: 1, max: 999 }, sortable: true },
    { name: 'title', type: 'string', label: 'Título', validation: { required: true, maxLength: 300 } },
    { name: 'description', type: 'text', label: 'Descrição', validation: { maxLength: 4000 } },
    { name: 'majority', type: 'enum', label: 'Maioria exigida', options: MAJORITIES, validation: { required: true } },
    { name: 'custom_num', type: 'integer', label: 'Fração: numerador', validation: { min: 1, max: 99 } },
    { name: 'custom_den', type: 'integer', label: 'Fração: denominador', validation: { min: 2, max: 100 } },
    { name: 'custom_base', type: 'enum', label: 'Fração de', options: CUSTOM_BASES },
    { name: 'secret', type: 'boolean', label: 'Voto secreto (só totais)' },
    { name: 'vote_status', type: 'enum', label: 'Votação', options: VOTE_STATUSES, readOnly: true, filterable: true },
    { name: 'votes_for', type: 'integer', label: 'A favor', readOnly: true },
    { name: 'votes_against', type: 'integer', label: 'Contra', readOnly: true },
    { name: 'abstentions', type: 'integer', label: 'Abstenções', readOnly: true },
    { name: 'voters', type: 'integer', label: 'Votantes', readOnly: true },
    { name: 'result', type: 'enum', label: 'Resultado', options: VOTE_RESULTS, readOnly: true },
    { name: 'result_text', type: 'string', label: 'Resultado por extenso', readOnly: true },
    { name: 'deliberation', type: 'text', label: 'Deliberação', validation: { maxLength: 4000 } },
  ],
  hooks: itemHooks,
});
