import { defineResource } from '../../resources/define.js';

const STAFF = ['admin', 'editor'] as const;

export const contacts = defineResource({
  name: 'contacts',
  label: 'Contactos',
  labelSingular: 'Contacto',
  searchIndex: true,
  access: { list: STAFF, read: STAFF, create: STAFF, update: STAFF, delete: STAFF },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 200 }, sortable: true, filterable: true, searchable: true },
    { name: 'email', type: 'email', label: 'E-mail', group: 'Contactos', validation: { maxLength: 254 }, sortable: true, filterable: true, searchable: true },
    { name: 'phone', type: 'phone', label: 'Telefone', group: 'Contactos', validation: { maxLength: 30 }, filterable: true, searchable: true },
    { name: 'organisation', type: 'string', label: 'Organização', validation: { maxLength: 200 }, sortable: true, filterable: true, searchable: true },
    { name: 'notes', type: 'text', label: 'Notas', group: 'Notas' },
  ],
});
