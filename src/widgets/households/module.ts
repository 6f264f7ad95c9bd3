// Households (issue 34): families and their payer, and the payments that settle a household's debts.
// Under the members' path (Sócios › Agregados): the list, a new household, and one household
// with its members, what it owes and one payment for it.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const HOUSEHOLDS = 'households';
const NEW = { route: 'householdsNew', label: 'Novo agregado', when: { resource: HOUSEHOLDS, operation: 'create' } } as const;

export const HOUSEHOLDS_MODULE = defineClientModule({
  name: 'households',
  routes: (t) => {
    const base = `/${t.memberURLPlural}/agregados`;
    return [
      {
        name: 'householdsList',
        path: base,
        title: 'Agregados',
        access: STAFF_ROLES,
        page: {
          served: HOUSEHOLDS,
          action: NEW,
          parts: [
            {
              list: HOUSEHOLDS,
              columns: 'name,payer_member,payer_name,members_count,locality',
              edit: 'householdsEdit',
              sort: 'name',
              empty: {
                message: (w) =>
                  `Ainda não há agregados. Um agregado junta ${w.memberPlural.toLowerCase()} de uma família e quem paga por eles: um deles ou outra pessoa, com NIF. As quotas da categoria «por agregado» são cobradas uma vez ao agregado.`,
                actions: [NEW],
              },
            },
          ],
        },
      },
      {
        name: 'householdsNew',
        path: `${base}/novo`,
        title: 'Novo Agregado',
        access: STAFF_ROLES,
        page: { served: HOUSEHOLDS, parts: [{ form: HOUSEHOLDS, edit: 'householdsEdit', back: 'householdsList' }] },
      },
      // The household's data, then its members (added and taken out here), then what it owes and one payment for it.
      {
        name: 'householdsEdit',
        path: `${base}/:id`,
        title: 'Agregado',
        access: STAFF_ROLES,
        page: {
          served: HOUSEHOLDS,
          parts: [
            { form: HOUSEHOLDS, back: 'householdsList' },
            {
              element: 'associa-household-members',
              section: `${t.memberPlural} do agregado`,
              attrs: ({ params, pattern }) => ({ 'household-id': params.id, 'member-path': pattern('membersEdit') }),
            },
            {
              element: 'associa-household-debts',
              section: 'Em dívida',
              attrs: ({ params, pattern }) => ({ 'household-id': params.id, 'payment-path': pattern('paymentsEdit') }),
            },
          ],
        },
      },
    ];
  },
});

