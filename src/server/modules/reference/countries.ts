import { defineResource } from '../../resources/define.js';

export const countries = defineResource({
  name: 'countries',
  label: 'Países',
  labelSingular: 'País',
  defaultSort: 'name',
  access: { list: ['anyone'], read: ['anyone'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100 }, sortable: true, filterable: true, searchable: true },
    {
      name: 'code', type: 'string', label: 'Código ISO', validation: { required: true, pattern: '[A-Z]{2}', unique: true },
      sortable: true, filterable: true, searchable: true,
    },
  ],
});
