// Importing members (and their quotas and payments history) from a spreadsheet: a page under
// the members' path, Sócios › Importar, with the imports done before.
import { defineClientModule } from '../../core/client-module.js';
import { RESOURCE, STAFF_ROLES } from '../../core/index.js';

export const IMPORTS_MODULE = defineClientModule({
  name: 'imports',
  routes: (t) => [
    {
      name: 'membersImport',
      path: `/${t.memberURLPlural}/importar`,
      title: 'Importar',
      access: STAFF_ROLES,
      // The server lets import whoever may create members.
      needs: { resource: RESOURCE.members, operation: 'create' },
      page: {
        parts: [
          {
            element: 'associa-import',
            attrs: ({ words, path, pattern }) => ({ kinds: 'members,history', 'members-path': path('membersList'), 'member-path': pattern('membersEdit'), plural: words.memberPlural }),
          },
          { element: 'associa-import-history', section: 'Importações anteriores' },
        ],
      },
    },
  ],
});
