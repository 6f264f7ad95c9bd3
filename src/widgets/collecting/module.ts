// Collecting what is owed, under the payments' base: notifying members, staged reminders, SEPA
// direct debit (mandates, batches), payment requests and the bank statement's reconciliation.
import { defineClientModule, type PageContext } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const STAGES = 'reminder_stages';
const MANDATES = 'sepa_mandates';
const REQUESTS = 'payment_requests';

export const COLLECTING_MODULE = defineClientModule({
  name: 'collecting',
  routes: (t) => {
    const payments = '/' + t.membershipPaymentsURL;
    const staff = { access: STAFF_ROLES };
    // A stage's form; once saved, its message previewed for a chosen member.
    const stage = {
      served: STAGES,
      parts: [
        { form: STAGES, edit: 'reminderStagesEdit', back: 'paymentReminders' },
        { element: 'associa-reminder-preview', attrs: ({ params, words }: PageContext) => ({ 'stage-id': params.id, singular: words.memberSingular }) },
      ],
    } as const;
    // Mandates are revoked, never deleted (batches name them): the form offers no deletion.
    const mandate = { served: MANDATES, parts: [{ form: MANDATES, edit: 'sepaMandatesEdit', attrs: { 'no-delete': 'true' } }] } as const;
    return [
      // Notify many: the stages' messages, to members the unpaid list's filters choose.
      {
        name: 'paymentsNotifyMultiple',
        path: `${payments}/notificar${t.memberPlural}`,
        title: `Notificar ${t.memberPlural}`,
        ...staff,
        page: { served: STAGES, parts: [{ element: 'associa-notify-members', attrs: ({ words, path }) => ({ plural: words.memberPlural, 'messages-path': path('messageList') }) }] },
      },
      // The stages and the decisions log, which is the page's list (the toolbar's export and columns act on it).
      {
        name: 'paymentReminders',
        path: `${payments}/avisos`,
        title: 'Avisos de Dívida',
        ...staff,
        page: {
          served: STAGES,
          toolbarList: 'reminder_decisions',
          parts: [{ element: 'associa-reminders', attrs: ({ path, pattern }) => ({ 'stage-edit-path': pattern('reminderStagesEdit'), 'new-stage-path': path('reminderStagesNew') }) }],
        },
      },
      { name: 'reminderStagesNew', path: `${payments}/avisos/etapas/novo`, title: 'Nova Etapa de Aviso', ...staff, page: stage },
      { name: 'reminderStagesEdit', path: `${payments}/avisos/etapas/:id`, title: 'Etapa de Aviso', ...staff, page: stage },
      // The batches (the page's list) and the way to the mandates.
      {
        name: 'directDebit',
        path: `${payments}/debitoDireto`,
        title: 'Débito Direto',
        ...staff,
        page: {
          served: MANDATES,
          toolbarList: 'direct_debit_batches',
          parts: [{ element: 'associa-direct-debit', attrs: ({ path, pattern }) => ({ 'batch-path': pattern('directDebitBatch'), 'mandates-path': path('sepaMandatesList') }) }],
        },
      },
      {
        name: 'sepaMandatesList',
        path: `${payments}/debitoDireto/mandatos`,
        title: 'Mandatos de Débito Direto',
        ...staff,
        page: {
          served: MANDATES,
          action: { route: 'sepaMandatesNew', label: 'Novo mandato', when: { resource: MANDATES, operation: 'create' } },
          parts: [{ list: MANDATES, columns: 'member,reference,iban,signature_date,max_amount,sequence,state', edit: 'sepaMandatesEdit' }],
        },
      },
      { name: 'sepaMandatesNew', path: `${payments}/debitoDireto/mandatos/novo`, title: 'Novo Mandato', ...staff, page: mandate },
      { name: 'sepaMandatesEdit', path: `${payments}/debitoDireto/mandatos/:id`, title: 'Mandato de Débito Direto', ...staff, page: mandate },
      {
        name: 'directDebitBatch',
        path: `${payments}/debitoDireto/lotes/:id`,
        title: 'Lote de Débito Direto',
        ...staff,
        page: { served: MANDATES, parts: [{ element: 'associa-direct-debit-batch', attrs: ({ params }) => ({ 'batch-id': params.id }) }] },
      },
      // The payment requests as a list; one is made on a member's statement (<associa-request-payment>).
      {
        name: 'paymentRequests',
        path: `${payments}/pedidos`,
        title: 'Pedidos de Pagamento',
        ...staff,
        page: { served: REQUESTS, parts: [{ list: REQUESTS, columns: 'created_at,member,method,amount,entity,reference,state,expires_at,paid_at' }] },
      },
      // Bank-statement reconciliation: a statement's lines reviewed, then recorded as payments.
      {
        name: 'reconciliation',
        path: `${payments}/extratoBancario`,
        title: 'Extrato Bancário',
        ...staff,
        page: {
          served: 'reconciliation_imports',
          parts: [
            {
              element: 'associa-reconciliation',
              attrs: ({ words, pattern }) => ({ singular: words.memberSingular, 'payment-path': pattern('paymentsEdit'), 'receipt-path': pattern('treasuryDocsEdit') }),
            },
          ],
        },
      },
    ];
  },
});
