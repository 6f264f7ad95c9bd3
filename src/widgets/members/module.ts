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
        page: {
          action: { route: 'membersNew', label: (w) => `Novo ${w.memberSingular}`, when: { resource: RESOURCE.members, operation: 'create' } },
          parts: [
            // Many at once, from a spreadsheet (the imports module's page).
            { link: 'membersImport', label: 'Importar', hint: 'De uma folha de cálculo (CSV ou Excel), com verificação antes de gravar.', key: 'members-import' },
            // Families and who pays for them (the households module's page).
            { link: 'householdsList', label: 'Agregados', hint: 'Famílias e quem paga as suas quotas.', key: 'households' },
            // A message for a purpose to many members, leaving out who gave no consent (the privacy module's page).
            { link: 'memberBroadcast', label: 'Enviar mensagem', hint: 'A vários sócios, para uma finalidade: só a recebe quem deu consentimento.', key: 'members-broadcast' },
            {
              list: RESOURCE.members,
              edit: 'membersEdit',
              empty: {
                message: (w) => `Ainda não há ${w.memberPlural.toLowerCase()}. Importe-os de uma folha de cálculo ou registe o primeiro.`,
                actions: [
                  { route: 'membersImport', label: (w) => `Importar ${w.memberPlural.toLowerCase()}`, when: { resource: RESOURCE.members, operation: 'create' } },
                  { route: 'membersNew', label: (w) => `Novo ${w.memberSingular.toLowerCase()}`, when: { resource: RESOURCE.members, operation: 'create' } },
                ],
              },
            },
          ],
        },
      },
      { name: 'membersNew', path: `${members}/novo`, title: `Novo ${t.memberSingular}`, access: STAFF_ROLES, page: { parts: [{ form: RESOURCE.members, edit: 'membersEdit', back: 'membersList', attrs: ({ pattern }) => ({ 'record-path': pattern('membersEdit') }) }] } },
      // The member's page, a hub: named after the member, what to do for them, their standing and
      // mandate, photo and documents, their record (edited in place), then what they owe, paid,
      // carry and were sent, their applications and (administrators) the record's history.
      {
        name: 'membersEdit',
        path: `${members}/:id`,
        title: t.memberSingular,
        access: STAFF_ROLES,
        page: {
          titleFromElement: true,
          parts: [
            { element: 'associa-member-heading', panel: false, attrs: ({ params }) => ({ 'member-id': params.id }) },
            // The household the member belongs to, a link to it (the households module's element).
            { element: 'associa-member-household', panel: false, attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'household-path': pattern('householdsEdit') }) },
            { element: 'associa-member-actions', panel: false, print: false, attrs: ({ params }) => ({ 'member-id': params.id }) },
            { element: 'associa-member-standing', panel: false, attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'statement-path': pattern('unpaidByMember') }) },
            { element: 'associa-member-mandate', panel: false, attrs: ({ params, pattern, path }) => ({ 'member-id': params.id, 'mandate-path': pattern('sepaMandatesEdit'), 'new-path': path('sepaMandatesNew') }) },
            { element: 'associa-member-files', panel: false, attrs: ({ params }) => ({ resource: RESOURCE.members, 'record-id': params.id }) },
            { form: RESOURCE.members, back: 'membersList' },
            { element: 'associa-member-debts', section: 'Dívidas em aberto', attrs: ({ params }) => ({ 'member-id': params.id }) },
            { element: 'associa-hand-over', print: false, attrs: ({ params }) => ({ 'member-id': params.id }) },
            {
              element: 'associa-member-payments',
              section: 'Pagamentos e recibos',
              attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'payment-path': pattern('paymentsEdit'), 'receipt-path': pattern('treasuryDocsEdit') }),
            },
            {
              element: 'associa-member-card',
              section: 'Cartão',
              attrs: ({ params, pattern }) => ({
                'member-id': params.id,
                'card-path': pattern('membershipCardSingle'),
                'letter-path': pattern('membershipCardLettersSingle'),
                'verify-path': pattern('membershipCardVerify'),
              }),
            },
            {
              element: 'associa-member-payment-messages',
              section: 'Mensagens de pagamento',
              attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'message-path': pattern('messagesEdit') }),
            },
            { element: 'associa-member-messages', section: 'Mensagens enviadas', attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'message-path': pattern('messagesEdit') }) },
            { element: 'associa-member-applications', section: 'Candidaturas', attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'application-path': pattern('memberApplicationsEdit') }) },
            { element: 'associa-member-consents', section: 'Consentimentos', attrs: ({ params }) => ({ 'member-id': params.id }) },
            // Erasure of their personal data (RGPD), administrators only: what goes and stays, the erasure, or when it was done (privacy module).
            { element: 'associa-member-erasure', section: 'Dados pessoais', print: false, attrs: ({ params, pattern }) => ({ 'member-id': params.id, 'request-path': pattern('dataSubjectRequestsEdit') }), when: (page) => page.role === ROLE.admin },
            { element: 'associa-record-history', attrs: ({ params }) => ({ resource: RESOURCE.members, 'record-id': params.id }), when: (page) => page.role === ROLE.admin },
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
