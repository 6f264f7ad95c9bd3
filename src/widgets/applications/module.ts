// Membership applications: the staff's list and pages, their settings, and the public e-mail confirmation.
import { defineClientModule } from '../../core/client-module.js';
import { RESOURCE, STAFF_ROLES } from '../../core/index.js';

const RES = RESOURCE.memberApplications;

interface PendingCount {
  data: { count: number };
}

export const APPLICATIONS_MODULE = defineClientModule({
  name: 'applications',
  enabledBy: 'hasMemberApplication',
  routes: () => [
    {
      name: 'memberApplicationsList',
      path: '/candidaturas',
      title: 'Candidaturas',
      access: STAFF_ROLES,
      // The list with bulk accept: the rows picked in the list are the ones accepted.
      page: {
        // The words written here, not imported from texts.ts: the host's first page loads every module file.
        action: { route: 'memberApplicationsNew', label: 'Nova candidatura', when: { resource: RES, operation: 'create' } },
        parts: [
          { element: 'associa-application-accept-selected', panel: false },
          // Those waiting for a decision first, each group newest first.
          {
            list: RES,
            columns: 'name,email,state,created_at,duplicates',
            edit: 'memberApplicationsEdit',
            selectable: true,
            sort: '-undecided',
            empty: {
              message: 'Ainda não há candidaturas. Chegam pelo formulário público de inscrição, ou registe uma recebida em papel.',
              actions: [
                { route: 'memberApplicationsNew', label: 'Nova candidatura', when: { resource: RES, operation: 'create' } },
                { route: 'memberApplicationSettings', label: 'Configurar o formulário' },
              ],
            },
          },
        ],
      },
    },
    {
      name: 'memberApplicationsNew',
      path: '/candidaturas/nova',
      title: 'Nova Candidatura',
      access: STAFF_ROLES,
      // A paper application typed in; saved, it opens as its own page, where the photo and documents are added.
      page: {
        parts: [
          { form: RES, edit: 'memberApplicationsEdit', back: 'memberApplicationsList' },
          { element: 'associa-application-decision', panel: false },
        ],
      },
    },
    {
      name: 'memberApplicationsEdit',
      path: '/candidaturas/:id',
      title: 'Candidatura',
      access: STAFF_ROLES,
      // One application read as a page: what the applicant wrote, consent, files, duplicates beside it, the decision.
      page: {
        parts: [
          {
            element: 'associa-application',
            panel: false,
            attrs: ({ params, pattern }) => ({
              'application-id': params.id,
              'member-path': pattern('membersEdit'),
              'application-path': pattern('memberApplicationsEdit'),
              'edit-path': pattern('memberApplicationsCorrect'),
            }),
          },
        ],
      },
    },
    {
      name: 'memberApplicationsCorrect',
      path: '/candidaturas/:id/editar',
      title: 'Corrigir Candidatura',
      access: STAFF_ROLES,
      // The applicant's data in the generic form, to correct a typo before deciding. Decided, it is kept (no delete).
      page: {
        parts: [
          { form: RES, back: 'memberApplicationsList', attrs: { 'no-delete': 'true' } },
          { link: 'memberApplicationsEdit', key: 'back-to-application', label: 'Voltar à candidatura' },
        ],
      },
    },
    {
      name: 'memberApplicationSettings',
      path: '/configuracaoCandidaturas',
      title: 'Configuração de Candidaturas',
      access: STAFF_ROLES,
      settings: true,
      page: { parts: [{ element: 'associa-settings-form', attrs: { page: 'applications' } }] },
    },
    {
      name: 'applicationEmailVerification',
      path: '/inscricao/confirmacao/:verificationCode',
      title: 'Confirmação de e-mail',
      public: true,
      page: { parts: [{ element: 'associa-application-confirmation', attrs: ({ params }) => ({ 'verification-code': params.verificationCode }) }] },
    },
  ],
  menu: [
    {
      order: 10,
      key: 'applications',
      label: 'Candidaturas',
      route: 'memberApplicationsList',
      badge: {
        resource: RESOURCE.memberApplications,
        // Confirmed and undecided (or submitted too, where review needs no confirmation): the server's own count.
        count: async (http) => Number((await http.get<PendingCount>(`${RESOURCE.memberApplications}/pending_count`, { quiet: true })).data?.data?.count ?? 0) || 0,
        label: (n) => `${n} ${n === 1 ? 'candidatura pendente' : 'candidaturas pendentes'}`,
      },
    },
  ],
  settings: [{ order: 50, route: 'memberApplicationSettings', label: 'Candidaturas' }],
});
