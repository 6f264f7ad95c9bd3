import { defineResource } from '../../resources/define.js';

export const memberStates = defineResource({
  name: 'member_states',
  label: 'Estados de sócio',
  labelSingular: 'Estado de sócio',
  defaultSort: '_id',
  access: { list: ['anyone'], read: ['anyone'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  fields: [
    {
      name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100, unique: true },
      sortable: true, filterable: true, searchable: true,
    },
    // An ending state (deceased, left, excluded): the member no longer counts as active.
    { name: 'marksEnd', type: 'boolean', label: 'Marca o fim da inscrição', sortable: true, filterable: true, defaultValue: () => 0 },
  ],
});
