import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';
import { VERIFICATION_STATUSES } from './verify.js';

const STAFF_ONLY = { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: [] };
const NOBODY_WRITES = { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] };

/** What a scan found: the public check's verdicts, or no card at all. */
const SCAN_STATUSES = [
  ...Object.entries(VERIFICATION_STATUSES).map(([value, label]) => ({ value, label })),
  { value: 'not_found', label: 'Cartão não encontrado' },
  { value: 'malformed', label: 'Código inválido' },
] as const;

/**
 * A check-in session of the verify-multiple page (a general assembly's door): named and dated
 * by staff, its scans kept on the server so the page can be reopened at /verificarVarios/{id}
 * from any device. Never deleted: it is the attendance of the minutes.
 */
export const cardCheckins = defineResource({
  name: 'card_checkins',
  label: 'Sessões de verificação de cartões',
  labelSingular: 'Sessão de verificação de cartões',
  defaultSort: '-created_at',
  access: STAFF_ONLY,
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 200 }, searchable: true, sortable: true },
    { name: 'date', type: 'date', label: 'Data', validation: { required: true }, sortable: true, filterable: true },
  ],
});

/**
 * One reading at a session's door, as it was answered then (a later reissue or payment does
 * not rewrite the minutes). Added only by POST card_checkins/{id}/scan.
 */
export const cardCheckinScans = defineResource({
  name: 'card_checkin_scans',
  label: 'Leituras de cartões',
  labelSingular: 'Leitura de cartão',
  defaultSort: 'position',
  access: NOBODY_WRITES,
  fields: [
    { name: 'session', type: 'reference', ref: 'card_checkins', label: 'Sessão', readOnly: true, filterable: true },
    { name: 'position', type: 'integer', label: 'N.º', readOnly: true, sortable: true },
    { name: 'at', type: 'datetime', label: 'Hora', readOnly: true, sortable: true },
    { name: 'input', type: 'string', label: 'Lido', readOnly: true },
    { name: 'code', type: 'string', label: 'Código', readOnly: true, filterable: true },
    { name: 'card', type: 'reference', ref: 'membership_cards', label: 'Cartão', readOnly: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, filterable: true },
    { name: 'status', type: 'enum', label: 'Resultado', options: SCAN_STATUSES, readOnly: true, filterable: true },
    { name: 'state', type: 'string', label: 'Estado', readOnly: true },
    { name: 'holder', type: 'string', label: 'Nome', readOnly: true },
    { name: 'number', type: 'integer', label: 'Número', readOnly: true },
    { name: 'category', type: 'string', label: 'Categoria', readOnly: true },
    { name: 'duplicate_of', type: 'integer', label: 'Repete a leitura', readOnly: true },
  ],
});
