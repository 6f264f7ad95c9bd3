// The members: their list, a new member, a member's page, and the members' settings.
import { defineClientModule } from '../../core/client-module.js';
import { RESOURCE, ROLE, STAFF_ROLES } from '../../core/index.js';

export const MEMBERS_MODULE = defineClientModule({
  name: 'members',
  routes: (t) => {
    const members = '/' + t.memberURLPlural;
    return [
      {
        name: 'membersList',
        path: members,
        title: t.memberPlural,
        access: STAFF_ROLES,
        page: { action: { route: 'membersNew', label: (w) => `Novo ${w.memberSingular}`, when: { resource: RESOURCE.members, operation: 'create' } }, parts: [{ list: RESOURCE.members, edit: 'membersEdit' }] },
      },
      { name: 'membersNew', path: `${members}/novo`, title: `Novo ${t.memberSingular}`, access: STAFF_ROLES, page: { parts: [{ form: RESOURCE.members, edit: 'membersEdit', back: 'membersList' }] } },
      // The member's standing and mandate, the form, its history (administrators), the ways to have them pay (off paper), their photo and documents.
      {
        name: 'membersEdit',
        path: `${members}/:id`,
        title: `Editar ${t.memberSingular}`,
        access: STAFF_ROLES,
        page: {
          parts: [
            { element: 'associa-member-standing', panel: false, attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'statement-path': pattern('unpaidByMember') }) },
            { element: 'associa-member-mandate', panel: false, attrs: ({ params, pattern, path }) => ({ 'member-id': params.id, 'mandate-path': pattern('sepaMandatesEdit'), 'new-path': path('sepaMandatesNew') }) },
            { form: RESOURCE.members, back: 'membersList' },
            { element: 'associa-record-history', attrs: ({ params }) => ({ resource: RESOURCE.members, 'record-id': params.id }), when: (page) => page.role === ROLE.admin },
            { element: 'associa-hand-over', print: false, attrs: ({ params }) => ({ 'member-id': params.id }) },
            { element: 'associa-member-files', panel: false, attrs: ({ params }) => ({ resource: RESOURCE.members, 'record-id': params.id }) },
          ],
        },
      },
      {
        name: 'memberSettings',
        path: '/configuracao' + t.memberPlural,
        title: `Configuração de ${t.memberPlural}`,
        access: STAFF_ROLES,
        settings: true,
        page: { parts: [{ element: 'associa-settings-form', attrs: { page: 'members' } }] },
      },
    ];
  },
  menu: [{ order: 20, key: 'members', label: (w) => w.memberPlural, route: 'membersList' }],
  settings: [{ order: 20, route: 'memberSettings', label: (w) => w.memberPlural }],
});
