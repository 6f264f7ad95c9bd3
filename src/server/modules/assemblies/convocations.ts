import { defineResource } from '../../resources/define.js';
import { READ_ONLY_FOR_STAFF } from './attendance.js';

const CONVOCATION_CHANNELS = [
  { value: 'email', label: 'E-mail' },
  { value: 'post', label: 'Carta' },
] as const;

/**
 * The notice as sent to each associate (unique per assembly): by e-mail (its outbox message,
 * whose delivery state is the proof) or by letter, with the address as printed. Written by the
 * convene action only; the proof of convocation reads it.
 */
export const assemblyConvocations = defineResource({
  name: 'assembly_convocations',
  label: 'Convocatórias enviadas',
  labelSingular: 'Convocatória enviada',
  defaultSort: 'number',
  access: READ_ONLY_FOR_STAFF,
  fields: [
    { name: 'assembly', type: 'reference', ref: 'assemblies', label: 'Assembleia', readOnly: true, filterable: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Associado', readOnly: true, filterable: true },
    { name: 'channel', type: 'enum', label: 'Meio', options: CONVOCATION_CHANNELS, readOnly: true, filterable: true },
    { name: 'message', type: 'reference', ref: 'messages', label: 'Mensagem', readOnly: true },
    { name: 'sent_at', type: 'datetime', label: 'Enviada em', readOnly: true },
    { name: 'recipient', type: 'string', label: 'Destinatário', readOnly: true },
    { name: 'name', type: 'string', label: 'Nome', readOnly: true, searchable: true },
    { name: 'number', type: 'integer', label: 'Número', readOnly: true, sortable: true },
  ],
});
