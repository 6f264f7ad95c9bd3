// Collecting what is owed, under the payments' base: notifying members, staged reminders, SEPA
// direct debit (mandates, batches), payment requests and the bank statement's reconciliation.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

export const COLLECTING_MODULE = defineClientModule({
  name: 'collecting',
  routes: (t) => {
    const payments = '/' + t.membershipPaymentsURL;
    const staff = { access: STAFF_ROLES };
    return [
      { name: 'paymentsNotifyMultiple', path: `${payments}/notificar${t.memberPlural}`, title: `Notificar ${t.memberPlural}`, ...staff },
      { name: 'paymentReminders', path: `${payments}/avisos`, title: 'Avisos de Dívida', ...staff },
      { name: 'reminderStagesNew', path: `${payments}/avisos/etapas/novo`, title: 'Nova Etapa de Aviso', ...staff },
      { name: 'reminderStagesEdit', path: `${payments}/avisos/etapas/:id`, title: 'Etapa de Aviso', ...staff },
      { name: 'directDebit', path: `${payments}/debitoDireto`, title: 'Débito Direto', ...staff },
      { name: 'sepaMandatesList', path: `${payments}/debitoDireto/mandatos`, title: 'Mandatos de Débito Direto', ...staff },
      { name: 'sepaMandatesNew', path: `${payments}/debitoDireto/mandatos/novo`, title: 'Novo Mandato', ...staff },
      { name: 'sepaMandatesEdit', path: `${payments}/debitoDireto/mandatos/:id`, title: 'Mandato de Débito Direto', ...staff },
      { name: 'directDebitBatch', path: `${payments}/debitoDireto/lotes/:id`, title: 'Lote de Débito Direto', ...staff },
      { name: 'paymentRequests', path: `${payments}/pedidos`, title: 'Pedidos de Pagamento', ...staff },
      { name: 'reconciliation', path: `${payments}/extratoBancario`, title: 'Extrato Bancário', ...staff },
    ];
  },
});
