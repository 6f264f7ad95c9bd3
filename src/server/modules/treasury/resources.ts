import { STAFF_ROLES } from '../../../core/contract.js';
import { conflict } from '../../errors.js';
import { defineResource } from '../../resources/define.js';
import { TREASURY_DOC_TYPES } from './types.js';

const IMMUTABLE = 'Um documento emitido não pode ser alterado nem apagado: anule-o, o que emite uma nota de anulação.';

/** Statuses a treasurer defines (emitido, enviado, entregue ao contabilista, arquivado), each with a colour. */
export const documentStatuses = defineResource({
  name: 'document_statuses',
  label: 'Estados de documentos',
  labelSingular: 'Estado de documento',
  defaultSort: '_id',
  access: { list: STAFF_ROLES, read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100 }, sortable: true, filterable: true, searchable: true },
    { name: 'color', type: 'string', label: 'Cor', validation: { required: true, checks: ['color'] }, filterable: true },
  ],
});

/**
 * Treasury documents: issued by actions only (a payment's receipt, a donation, an annulment
 * note), never edited nor deleted: there is no update route, and the delete routes answer a 409
 * that says what to do instead. Only the status changes, through the bulk status routes. A
 * member reads their own.
 */
export const treasuryDocs = defineResource({
  name: 'treasury_docs',
  label: 'Documentos de tesouraria',
  labelSingular: 'Documento de tesouraria',
  defaultSort: '-_id',
  searchIndex: false,
  access: { list: [...STAFF_ROLES, 'own'], read: [...STAFF_ROLES, 'own'], create: [], update: [], delete: STAFF_ROLES },
  scope: { column: 'member', equals: 'callerMember' },
  fields: [
    { name: 'number', type: 'string', label: 'Número', readOnly: true, sortable: true, filterable: true, searchable: true },
    { name: 'type', type: 'enum', label: 'Tipo', options: TREASURY_DOC_TYPES, readOnly: true, sortable: true, filterable: true },
    { name: 'series', type: 'integer', label: 'Série', readOnly: true, filterable: true },
    { name: 'issue_date', type: 'date', label: 'Data de emissão', readOnly: true, sortable: true, filterable: true },
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', readOnly: true, sortable: true, filterable: true, searchable: true },
    { name: 'contact', type: 'reference', ref: 'contacts', label: 'Contacto', readOnly: true, filterable: true, readableBy: STAFF_ROLES },
    { name: 'payer_name', type: 'string', label: 'Pagador', readOnly: true, sortable: true, filterable: true, searchable: true },
    { name: 'payer_nif', type: 'string', label: 'NIF do pagador', readOnly: true, filterable: true, searchable: true },
    { name: 'payer_address', type: 'string', label: 'Morada do pagador', readOnly: true },
    { name: 'lines', type: 'text', label: 'Linhas', readOnly: true },
    { name: 'total', type: 'money', label: 'Total', readOnly: true, sortable: true, filterable: true },
    { name: 'vat_wording', type: 'string', label: 'Menção de IVA', readOnly: true },
    { name: 'annuls', type: 'reference', ref: 'treasury_docs', label: 'Anula o documento', readOnly: true, filterable: true },
    { name: 'annul_reason', type: 'string', label: 'Motivo da anulação', readOnly: true },
    { name: 'annulled_by_doc', type: 'reference', ref: 'treasury_docs', label: 'Anulado pela nota', readOnly: true, filterable: true },
    { name: 'status', type: 'reference', ref: 'document_statuses', label: 'Estado', readOnly: true, sortable: true, filterable: true, readableBy: STAFF_ROLES },
    { name: 'issued_by', type: 'reference', ref: 'users', label: 'Emitido por', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'pdf_sha256', type: 'string', label: 'SHA-256 do PDF', readOnly: true, readableBy: STAFF_ROLES },
    { name: 'hash', type: 'string', label: 'Elo da cadeia', readOnly: true, readableBy: STAFF_ROLES },
  ],
  hooks: {
    async beforeDelete() {
      throw conflict(IMMUTABLE);
    },
  },
});
