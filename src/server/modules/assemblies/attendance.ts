import { STAFF_ROLES } from '../../../core/contract.js';
import { defineResource } from '../../resources/define.js';

/** Staff read; only the session's actions write (check-in, check-out). */
export const READ_ONLY_FOR_STAFF = { list: STAFF_ROLES, read: STAFF_ROLES, create: [], update: [], delete: [] };

const ATTENDANCE_VIA = [
  { value: 'card', label: 'Cartão' },
  { value: 'name', label: 'Nome' },
  { value: 'proxy', label: 'Representado' },
] as const;

/**
 * Who is at the assembly: one row per associate present or represented (unique per assembly),
 * with their voting right on the cut-off date as it stood at check-in. Written by the session's
 * check-in and check-out actions only.
 */
export const assemblyAttendance = defineResource({
  name: 'assembly_attendance',
  label: 'Presenças',
  labelSingular: 'Presença',
  defaultSort: 'position',
  access: READ_ONLY_FOR_STAFF,
  fields: [
    { name: 'assembly', type: 'reference', ref: 'assemblies', label: 'Assembleia', readOnly: true, filterable: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Associado', readOnly: true, filterable: true },
    { name: 'position', type: 'integer', label: 'N.º', readOnly: true, sortable: true },
    { name: 'at', type: 'datetime', label: 'Hora', readOnly: true },
    { name: 'via', type: 'enum', label: 'Registo', options: ATTENDANCE_VIA, readOnly: true, filterable: true },
    { name: 'card_code', type: 'string', label: 'Cartão lido', readOnly: true },
    { name: 'represented_by', type: 'reference', ref: 'members', label: 'Representado por', readOnly: true },
    { name: 'has_vote', type: 'boolean', label: 'Com direito a voto', readOnly: true, filterable: true },
    { name: 'recorded_by', type: 'reference', ref: 'users', label: 'Registado por', readOnly: true },
  ],
});
