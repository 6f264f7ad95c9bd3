import { STAFF_ROLES } from '../../../core/contract.js';
import { conflict } from '../../errors.js';
import { defineResource, type HookContext, type WriteHooks } from '../../resources/define.js';
import type { Row } from '../../db/database.js';
import { readSetting } from '../../settings/read.js';

/** An assembly's course: prepared, convened (the notice sent), in session, closed with its minutes. */
const ASSEMBLY_STATUSES = [
  { value: 'draft', label: 'Em preparação' },
  { value: 'convened', label: 'Convocada' },
  { value: 'in_session', label: 'Em curso' },
  { value: 'closed', label: 'Encerrada' },
] as const;

export const ASSEMBLY_KINDS = [
  { value: 'ordinaria', label: 'Ordinária' },
  { value: 'extraordinaria', label: 'Extraordinária' },
] as const;

/**
 * What staff may still change once the notice went out: the minutes. The notice's text is what
 * the e-mails carried; letters printed later and the proof of convocation must say the same.
 */
const EDITABLE_AFTER_CONVENED = new Set(['minutes_text']);

export const CONVENED_FROZEN = 'A assembleia já foi convocada: a ordem de trabalhos e os dados da convocatória não podem mudar.';
const MINUTES_FINAL = 'A ata já foi aprovada e guardada: o seu texto não pode mudar.';
const DELETE_ONLY_DRAFT = 'Só se pode apagar uma assembleia em preparação: esta já foi convocada.';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const changed = (values: Row, existing: Row, name: string) =>
  values[name] !== undefined && String(values[name] ?? '') !== String(existing[name] ?? '');

async function validate(_hook: HookContext, values: Row, existing: Row | undefined): Promise<Record<string, string> | void> {
  const merged = { ...existing, ...values };
  const errors: Record<string, string> = {};
  if (typeof merged.time === 'string' && !TIME.test(merged.time)) errors.time = 'Indique a hora no formato HH:MM, por exemplo 21:00.';
  const link = merged.online_link;
  if (typeof link === 'string' && link !== '') {
    let ok = false;
    try {
      const url = new URL(link);
      ok = (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok) errors.online_link = 'Indique um endereço completo, começado por http:// ou https://.';
  }
  const empty = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
  if (empty(merged.place) && empty(merged.online_link)) errors.place = 'Indique o local da assembleia ou o endereço da reunião em linha.';
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Typed apart (not inferred in the definition): the settings and tables they read are typed from the modules. */
const assemblyHooks: WriteHooks = {
  validate,
  async beforeWrite(hook, values, existing) {
    if (!existing) {
      values.status = 'draft';
      if (values.second_call_minutes === undefined || values.second_call_minutes === null) {
        values.second_call_minutes = await readSetting(hook.db, 'assemblySecondCallMinutes');
      }
      return;
    }
    if (existing.status !== 'draft') {
      const frozen = Object.keys(values).filter((name) => !EDITABLE_AFTER_CONVENED.has(name) && changed(values, existing, name));
      if (frozen.length > 0) throw conflict(CONVENED_FROZEN);
      if (existing.minutes_final_at && changed(values, existing, 'minutes_text')) throw conflict(MINUTES_FINAL);
      return;
    }
    // A draft whose delay was cleared takes the statutes' figure again.
    if (values.second_call_minutes === null) values.second_call_minutes = await readSetting(hook.db, 'assemblySecondCallMinutes');
  },
  async beforeDelete(_hook, existing) {
    if (existing.status !== 'draft') throw conflict(DELETE_ONLY_DRAFT);
  },
};

/**
 * A general assembly. Staff prepare it as a draft; once convened, what the notice stated (date,
 * place, agenda, cut-off) stands, and only the notice's and the minutes' texts may still change.
 * Members read their convocations through /api/own/assemblies, never this resource.
 */
export const assemblies = defineResource({
  name: 'assemblies',
  label: 'Assembleias',
  labelSingular: 'Assembleia',
  defaultSort: '-date',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: ['admin'] },
  fields: [
    { name: 'kind', type: 'enum', label: 'Tipo', options: ASSEMBLY_KINDS, validation: { required: true }, filterable: true },
    { name: 'title', type: 'string', label: 'Título', validation: { required: true, maxLength: 200 }, searchable: true },
    { name: 'date', type: 'date', label: 'Data', validation: { required: true }, sortable: true, filterable: true },
    { name: 'time', type: 'string', label: 'Hora', validation: { required: true, maxLength: 5 } },
    { name: 'place', type: 'string', label: 'Local', validation: { maxLength: 300 } },
    { name: 'online_link', type: 'string', label: 'Endereço da reunião em linha', validation: { maxLength: 500 } },
    { name: 'second_call_minutes', type: 'integer', label: 'Segunda convocatória (minutos depois)', validation: { min: 0, max: 1440 } },
    { name: 'cutoff_date', type: 'date', label: 'Data de referência dos direitos de voto' },
    { name: 'status', type: 'enum', label: 'Estado', options: ASSEMBLY_STATUSES, readOnly: true, filterable: true },
    { name: 'convened_at', type: 'datetime', label: 'Convocada em', readOnly: true },
    { name: 'convened_by', type: 'reference', ref: 'users', label: 'Convocada por', readOnly: true },
    { name: 'last_notice_day', type: 'date', label: 'Último dia para convocar', readOnly: true },
    { name: 'notice_text', type: 'text', label: 'Texto da convocatória', validation: { maxLength: 8000 } },
    { name: 'opened_at', type: 'datetime', label: 'Aberta em', readOnly: true },
    { name: 'closed_at', type: 'datetime', label: 'Encerrada em', readOnly: true },
    { name: 'minutes_text', type: 'text', label: 'Texto da ata', validation: { maxLength: 60000 } },
    { name: 'minutes_year', type: 'integer', label: 'Ano do livro de atas', readOnly: true },
    { name: 'minutes_number', type: 'integer', label: 'Número da ata', readOnly: true },
    { name: 'minutes_final_at', type: 'datetime', label: 'Ata final em', readOnly: true },
    { name: 'minutes_file', type: 'string', label: 'Ficheiro da ata', readOnly: true },
    { name: 'minutes_sha256', type: 'string', label: 'Resumo SHA-256 da ata', readOnly: true },
    { name: 'minutes_published', type: 'boolean', label: 'Ata publicada', readOnly: true },
  ],
  hooks: assemblyHooks,
});
