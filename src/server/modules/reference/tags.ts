import { defineResource } from '../../resources/define.js';

export const tags = defineResource({
  name: 'tags',
  label: 'Etiquetas',
  labelSingular: 'Etiqueta',
  defaultSort: 'name',
  access: { list: ['admin', 'editor'], read: ['admin', 'editor'], create: ['admin', 'editor'], update: ['admin', 'editor'], delete: ['admin', 'editor'] },
  fields: [
    {
      name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100, unique: true },
      sortable: true, filterable: true, searchable: true,
    },
    { name: 'color', type: 'string', label: 'Cor', validation: { checks: ['color'] }, sortable: true, filterable: true },
  ],
});
