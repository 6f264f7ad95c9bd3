// Membership payments: the overview, the payments, the debts and a member's statement, one payment, and the public payment information.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

export const PAYMENTS_MODULE = defineClientModule({
  name: 'payments',
  routes: (t) => {
    const payments = '/' + t.membershipPaymentsURL;
    const staff = { access: STAFF_ROLES };
    return [
      { name: 'PaymentsC', path: payments, title: t.membershipPayments, ...staff },
      { name: 'paymentsList', path: `${payments}/pagamentos`, title: 'Pagamentos', ...staff },
      { name: 'paymentsNew', path: `${payments}/pagamentos/novo`, title: 'Novo Pagamento', ...staff },
      { name: 'unpaid', path: `${payments}/dividas`, title: 'Dívidas', ...staff },
      { name: 'unpaidByMember', path: `${payments}/dividas/:memberId`, title: `Dívidas do ${t.memberSingular}`, ...staff },
      { name: 'paymentsEdit', path: '/pagamentos/:id', title: 'Pagamento', ...staff },
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
