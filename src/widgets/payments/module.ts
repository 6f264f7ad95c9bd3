// Membership payments: the overview, the payments, the debts and a member's statement, one payment, and the public payment information.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const NEW_PAYMENT = { route: 'paymentsNew', label: 'Novo Pagamento' };

export const PAYMENTS_MODULE = defineClientModule({
  name: 'payments',
  routes: (t) => {
    const payments = '/' + t.membershipPaymentsURL;
    const staff = { access: STAFF_ROLES };
    return [
      // The figures and the month chart, then the ways to the payments' other pages.
      {
        name: 'PaymentsC',
        path: payments,
        title: t.membershipPayments,
        ...staff,
        page: {
          action: NEW_PAYMENT,
          parts: [
            { element: 'associa-payments-overview', panel: false },
            {
              links: [
                { route: 'paymentsList', label: 'Pagamentos' },
                { route: 'unpaid', label: 'Dívidas' },
                { route: 'paymentRequests', label: 'Pedidos de pagamento' },
                { route: 'reconciliation', label: 'Extrato bancário' },
                { route: 'directDebit', label: 'Débito direto' },
                { route: 'paymentReminders', label: 'Avisos de dívida' },
                { route: 'paymentsNotifyMultiple', label: (words) => `Notificar ${words.memberPlural}` },
              ],
            },
          ],
        },
      },
      // Method and member filter in the list's own panel; the date range above it.
      {
        name: 'paymentsList',
        path: `${payments}/pagamentos`,
        title: 'Pagamentos',
        ...staff,
        page: {
          action: NEW_PAYMENT,
          parts: [
            {
              list: 'payments',
              edit: 'paymentsEdit',
              sort: '-date',
              filters: [{ element: 'associa-list-filters', attrs: { resource: 'payments' } }],
              empty: { message: 'Ainda não há pagamentos registados. Registe o primeiro quando um membro pagar.', actions: [{ ...NEW_PAYMENT, when: { resource: 'payments', operation: 'list' } }] },
            },
          ],
        },
      },
      // Choose the member, tick their debts, record; the new payment then opens, saying so with its receipt.
      {
        name: 'paymentsNew',
        path: `${payments}/pagamentos/novo`,
        title: 'Novo Pagamento',
        ...staff,
        page: { parts: [{ element: 'associa-new-payment', attrs: ({ pattern }) => ({ 'payment-path': pattern('paymentsEdit') }) }] },
      },
      // A balance row's id is its member's: the row opens that member's statement.
      {
        name: 'unpaid',
        path: `${payments}/dividas`,
        title: 'Dívidas',
        ...staff,
        page: {
          parts: [
            {
              list: 'member_balances',
              columns: 'number,name,years_owed,open_total,oldest_due,upcoming_total',
              edit: 'unpaidByMember',
              filters: [{ element: 'associa-list-filters', attrs: { resource: 'member_balances' } }],
            },
          ],
        },
      },
      // The statement (printable alone), then the ways to have the member pay, left off paper.
      {
        name: 'unpaidByMember',
        path: `${payments}/dividas/:memberId`,
        title: `Dívidas do ${t.memberSingular}`,
        ...staff,
        page: {
          parts: [
            { element: 'associa-member-statement', attrs: ({ params, pattern }) => ({ 'member-id': params.memberId, 'receipt-path': pattern('treasuryDocsEdit') }) },
            { element: 'associa-request-payment', print: false, attrs: ({ params }) => ({ 'member-id': params.memberId }) },
            { element: 'associa-hand-over', print: false, attrs: ({ params }) => ({ 'member-id': params.memberId }) },
            { element: 'associa-payment-debts', print: false, attrs: ({ params }) => ({ 'member-id': params.memberId }) },
          ],
        },
      },
      // Only the reference and the notes change in place; the rest moves through the ledger's actions.
      {
        name: 'paymentsEdit',
        path: '/pagamentos/:id',
        title: 'Pagamento',
        ...staff,
        page: {
          parts: [
            // Right after recording: what was recorded and its receipt, first thing on the page.
            { element: 'associa-payment-recorded', panel: false, attrs: ({ params, pattern }) => ({ 'payment-id': params.id, 'receipt-path': pattern('treasuryDocsEdit') }) },
            // The payment read as text: member, day, amount, method, what it paid, its receipt, its annulment.
            {
              element: 'associa-payment-detail',
              attrs: ({ params, pattern }) => ({
                'payment-id': params.id,
                'statement-path': pattern('unpaidByMember'),
                'receipt-path': pattern('treasuryDocsEdit'),
                'member-path': pattern('membersEdit'),
              }),
            },
            // The two things staff may still write on it.
            { form: 'payments', attrs: { fields: 'reference,notes', 'no-delete': 'true' } },
          ],
        },
      },
      {
        name: 'unpaidSingle',
        path: '/informacaoDePagamento/:id',
        title: 'Informação de Pagamento',
        public: true,
        bare: true,
        page: { parts: [{ element: 'associa-payment-info', attrs: ({ params }) => ({ token: params.id }) }] },
      },
    ];
  },
  menu: [
    {
      order: 30,
      key: 'payments',
      label: (w) => w.membershipPayments,
      items: [
        { label: 'Pagamentos', route: 'paymentsList' },
        { label: 'Dívidas', route: 'unpaid' },
        { label: 'Extrato bancário', route: 'reconciliation' },
      ],
    },
  ],
});
