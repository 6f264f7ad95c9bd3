import type { MenuEntry, RouteSpec, SettingsTab } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const REQUESTS = 'data_subject_requests';

/** Erasure, retention and the data-subject requests' pages (issue 34, part 5). */
// `as const`: the route names stay literal, so the host's RouteName knows them.
export const ERASURE_ROUTES = [
  {
    name: 'dataSubjectRequestsList',
    path: '/privacidade/pedidos',
    title: 'Pedidos de titulares',
    access: STAFF_ROLES,
    page: {
      served: REQUESTS,
      action: { route: 'dataSubjectRequestsNew', label: 'Novo pedido', when: { resource: REQUESTS, operation: 'create' } },
      parts: [
        {
          list: REQUESTS,
          columns: 'received_on,due_on,requester_name,member,kind,status',
          edit: 'dataSubjectRequestsEdit',
          // The newest first: the open ones are the recent ones, each with the day its answer is due.
          sort: '-received_on',
          empty: {
            message:
              'Ainda não há pedidos registados. Registe aqui cada pedido de acesso, retificação, apagamento, limitação, portabilidade ou oposição: a resposta é devida no prazo de um mês (RGPD, art. 12.º).',
            actions: [{ route: 'dataSubjectRequestsNew', label: 'Novo pedido', when: { resource: REQUESTS, operation: 'create' } }],
          },
        },
      ],
    },
  },
  {
    name: 'dataSubjectRequestsNew',
    path: '/privacidade/pedidos/novo',
    title: 'Novo Pedido de Titular',
    access: STAFF_ROLES,
    page: { served: REQUESTS, parts: [{ form: REQUESTS, edit: 'dataSubjectRequestsEdit', back: 'dataSubjectRequestsList' }] },
  },
  {
    name: 'dataSubjectRequestsEdit',
    path: '/privacidade/pedidos/:id',
    title: 'Pedido de Titular',
    access: STAFF_ROLES,
    page: { served: REQUESTS, parts: [{ form: REQUESTS, back: 'dataSubjectRequestsList' }] },
  },
] as const satisfies readonly RouteSpec[];
// No entry in the top menu (it fills 1366 px): the register opens from Configuração › Privacidade.
export const ERASURE_MENU: readonly MenuEntry[] = [];
export const ERASURE_SETTINGS_TABS: readonly SettingsTab[] = [];
