import type { MenuEntry, RouteSpec, SettingsTab } from '../../core/client-module.js';
import type { Terminology } from '../../core/contract.js';
import { STAFF_ROLES } from '../../core/index.js';

/** The consent register's pages (issue 34, part 4). */
const PURPOSES = 'consent_purposes';
const PURPOSE_FIELDS = 'name,key,description,basis,active,on_application';

// `as const`: the route names stay literal, so the host's RouteName knows them.
export const consentRoutes = (t: Terminology) =>
  [
    // A message for a purpose to many members: how many receive it, and who is left out and why, before sending.
    {
      name: 'memberBroadcast',
      path: `/${t.memberURLPlural}/mensagem`,
      title: `Enviar mensagem aos ${t.memberPlural.toLowerCase()}`,
      access: STAFF_ROLES,
      page: { served: PURPOSES, parts: [{ element: 'associa-member-broadcast', attrs: ({ path }) => ({ 'messages-path': path('messageList') }) }] },
    },
    // Configuração › Privacidade: what personal data is used for, its lawful basis and the text shown.
    {
      name: 'privacySettings',
      path: '/configuracaoPrivacidade',
      title: 'Configuração de Privacidade',
      access: STAFF_ROLES,
      settings: true,
      page: {
        served: PURPOSES,
        action: { route: 'consentPurposesNew', label: 'Nova finalidade', when: { resource: PURPOSES, operation: 'create' } },
        parts: [
          // The register of data-subject requests (no menu entry of its own: the top menu fills 1366 px), the
          // privacy settings (the erasure part's retention period), then the purposes.
          { link: 'dataSubjectRequestsList', label: 'Pedidos de titulares', hint: 'Acesso, retificação, apagamento...: o registo dos pedidos e das respostas.', key: 'privacy-requests' },
          { element: 'associa-settings-form', attrs: { page: 'privacy' } },
          { list: PURPOSES, columns: 'name,basis,version,active,on_application', edit: 'consentPurposesEdit', sort: 'name' },
        ],
      },
    },
    {
      name: 'consentPurposesNew',
      path: '/configuracaoPrivacidade/nova',
      title: 'Nova Finalidade de Tratamento',
      access: STAFF_ROLES,
      page: { served: PURPOSES, parts: [{ form: PURPOSES, edit: 'consentPurposesEdit', back: 'privacySettings', attrs: { fields: PURPOSE_FIELDS } }] },
    },
    {
      name: 'consentPurposesEdit',
      path: '/configuracaoPrivacidade/:id',
      title: 'Finalidade de Tratamento',
      access: STAFF_ROLES,
      page: { served: PURPOSES, parts: [{ form: PURPOSES, back: 'privacySettings', attrs: { fields: `${PURPOSE_FIELDS},version` } }] },
    },
  ] as const satisfies readonly RouteSpec[];

// The bulk message page is reached from the members list (its link there), not the main menu.
export const CONSENT_MENU: readonly MenuEntry[] = [];
export const CONSENT_SETTINGS_TABS: readonly SettingsTab[] = [{ order: 85, route: 'privacySettings', label: 'Privacidade' }];
