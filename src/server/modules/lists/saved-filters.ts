import { defineResource } from '../../resources/define.js';

const OWN = ['own'] as const;
export const DUPLICATE_NAME = 'Já tem um filtro guardado com este nome nesta lista: escolha outro nome.';

/**
 * A person's named list filters (search, filters and sort of one list, as its query string),
 * to pick again later. Each person reaches only their own, whatever their role; API keys have none.
 */
export const savedFilters = defineResource({
  name: 'saved_filters',
  label: 'Filtros guardados',
  labelSingular: 'Filtro guardado',
  defaultSort: 'name',
  access: { list: OWN, read: OWN, create: OWN, update: OWN, delete: OWN },
  scope: { column: 'owner', equals: 'callerUser' },
  fields: [
    { name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100 }, sortable: true, filterable: true, searchable: true },
    // The list's resource name, as its address says it (members, payments...).
    { name: 'resource', type: 'string', label: 'Lista', validation: { required: true, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' }, filterable: true, exactFilter: true },
    // `_search=ana&_state=2&_sort=-name`: what the list sends, paging aside.
    { name: 'query', type: 'string', label: 'Filtros', validation: { maxLength: 2000 }, defaultValue: () => '' },
    { name: 'owner', type: 'reference', ref: 'users', label: 'Utilizador', readOnly: true },
  ],
  hooks: {
    async validate(hook, values, existing) {
      const owner = existing ? Number(existing.owner) : hook.caller.kind === 'user' ? hook.caller.id : null;
      const name = values.name ?? existing?.name;
      const resource = values.resource ?? existing?.resource;
      if (owner === null || typeof name !== 'string' || typeof resource !== 'string') return;
      let taken = hook.db.selectFrom('saved_filters').select('_id').where('owner', '=', owner).where('resource', '=', resource).where('name', '=', name);
      if (existing) taken = taken.where('_id', '!=', Number(existing._id));
      if (await taken.executeTakeFirst()) return { name: DUPLICATE_NAME };
    },
    async beforeWrite(_hook, values) {
      // Stored as the empty string rather than NULL: "no filters" is a filter too.
      if (values.query === null) values.query = '';
    },
  },
});
