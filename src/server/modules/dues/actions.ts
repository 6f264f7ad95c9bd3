import { DUES_YEARS, STAFF_ROLES, type PaymentRecorded } from '../../../core/contract.js';
import { invalidRecord, notFound } from '../../errors.js';
import { defineAction } from '../../resources/actions.js';
import type { FieldDefinition } from '../../resources/define.js';
import { readRow, toRecord } from '../../resources/records.js';
import { DEBT_KINDS, debts } from './debts.js';
import { allocateCredit, applyCredit, raiseDebt, recordPayment, resolveDebt } from './ledger.js';
import { annulLedgerPayment, lockHouseholdLedger, lockLedger, membersOfPayment, settle, userOf } from './ledger-action.js';
import { announceReceipt, paymentReceipts } from './payment-receipts-port.js';
import { PAYMENT_METHODS, payments } from './payments.js';

const REASON: FieldDefinition = { name: 'reason', type: 'string', label: 'Motivo', validation: { required: true, maxLength: 500 } };
const POSITIVE_MONEY = { required: true, min: 1 } as const;

/**
 * POST /payments/record: a payment received, allocated to the chosen debts or the oldest ones.
 * From a member, or from a household's payer (`household` instead of `member`, issue 34): then
 * the debts may be any of the household's members' and the receipt names the payer.
 */
const recordPaymentAction = defineAction({
  resource: 'payments',
  name: 'record',
  label: 'Registar pagamento',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [
    // Exactly one of the two (recordPayment says which is missing or that both were sent).
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio' },
    { name: 'household', type: 'reference', ref: 'households', label: 'Agregado' },
    { name: 'date', type: 'date', label: 'Data', validation: { required: true } },
    { name: 'amount', type: 'money', label: 'Valor', validation: POSITIVE_MONEY },
    { name: 'method', type: 'enum', label: 'Meio de pagamento', options: PAYMENT_METHODS, validation: { required: true } },
    { name: 'reference', type: 'string', label: 'Referência', validation: { maxLength: 100 } },
    { name: 'notes', type: 'text', label: 'Notas', validation: { maxLength: 2000 } },
    { name: 'debts', type: 'references', ref: 'unsettled_payments', label: 'Dívidas a pagar' },
  ],
  async run(context) {
    const { input, db, ctx, caller } = context;
    const given = (value: unknown) => value !== null && value !== undefined && value !== '';
    const household = given(input.household) ? Number(input.household) : null;
    const member = given(input.member) ? Number(input.member) : null;
    // Both or neither: recordPayment refuses before anything is locked or written.
    if (household !== null && member === null) await lockHouseholdLedger(context, household);
    else if (member !== null && household === null) await lockLedger(context, member);
    const chosen = Array.isArray(input.debts) && input.debts.length > 0 ? input.debts.map(Number) : undefined;
    const result = await recordPayment(
      db,
      {
        member,
        household,
        date: String(input.date),
        amount: Number(input.amount),
        method: String(input.method),
        reference: (input.reference as string | null | undefined) ?? null,
        notes: (input.notes as string | null | undefined) ?? null,
        ...(chosen ? { debts: chosen } : {}),
        recordedBy: userOf(caller),
      },
      ctx,
    );
    await settle(context, result.members, [{ resource: 'payments', id: result.payment, action: 'created' }], result.allocations);
    // Numbered last (treasury on, auto-issue on), in this same transaction: only the audit entry
    // and the commit follow while the series row is locked.
    const receipt = await result.issueReceipt();
    announceReceipt(context, receipt);
    const answer: PaymentRecorded = {
      payment: toRecord(payments, result.row, caller),
      allocations: result.allocations,
      credit: result.credit,
      // The receipt's record as the treasury answers it, with its PDF's path.
      receipt: receipt ? paymentReceipts.use().answer(receipt, caller) : null,
    };
    return answer;
  },
});

/**
 * POST /payments/{id}/annul {reason, annul_receipt?}: the payment stops counting; the debts it
 * paid reopen. With annul_receipt, its receipt is annulled too (a note with the same reason),
 * in the same transaction: both or neither.
 */
const annulPaymentAction = defineAction({
  resource: 'payments',
  name: 'annul',
  label: 'Anular pagamento',
  on: 'record',
  access: STAFF_ROLES,
  fields: [REASON, { name: 'annul_receipt', type: 'boolean', label: 'Anular também o recibo' }],
  async run(context) {
    const { record, input } = context;
    const id = Number(record!._id);
    const reason = String(input.reason);
    await annulLedgerPayment(context, id, reason);
    if (input.annul_receipt === 1) await paymentReceipts.use().annulOfPayment(context, id, reason);
    return undefined;
  },
});

/** POST /payments/{id}/allocate: uses part of a payment's credit on one debt of the same member. */
const allocatePaymentAction = defineAction({
  resource: 'payments',
  name: 'allocate',
  label: 'Aplicar crédito a uma dívida',
  on: 'record',
  access: STAFF_ROLES,
  fields: [
    { name: 'debt', type: 'reference', ref: 'unsettled_payments', label: 'Dívida', validation: { required: true } },
    { name: 'amount', type: 'money', label: 'Valor', validation: POSITIVE_MONEY },
  ],
  async run(context) {
    const { record, db, ctx, input } = context;
    const member = Number(record!.member);
    // A household's payment's credit may go to any of the household's members' debts.
    if (record!.household !== null && record!.household !== undefined) await lockHouseholdLedger(context, Number(record!.household));
    await lockLedger(context, member);
    const fresh = await readRow(db, payments, Number(record!._id));
    const made = await allocateCredit(db, fresh!, Number(input.debt), Number(input.amount), ctx.now());
    await settle(context, await membersOfPayment(db, Number(record!._id), member), [{ resource: 'payments', id: Number(record!._id) }], [made]);
    return undefined;
  },
});

const resolveAction = (name: 'waive' | 'annul', label: string, resolution: 'waived' | 'annulled') =>
  defineAction({
    resource: 'unsettled_payments',
    name,
    label,
    on: 'record',
    access: STAFF_ROLES,
    fields: [REASON],
    async run(context) {
      const { record, db, ctx, caller, input } = context;
      const member = Number(record!.member);
      await lockLedger(context, member);
      const fresh = await readRow(db, debts, Number(record!._id));
      await resolveDebt(db, fresh!, resolution, String(input.reason), userOf(caller), ctx.now());
      await settle(context, member, [], [{ debt: Number(record!._id), amount: 0 }]);
      return undefined;
    },
  });

/** POST /unsettled_payments/{id}/waive: what is still owed is forgiven (reason kept). */
const waiveDebtAction = resolveAction('waive', 'Perdoar dívida', 'waived');
/** POST /unsettled_payments/{id}/annul: a debt raised in error is annulled (only while nothing was paid on it). */
const annulDebtAction = resolveAction('annul', 'Anular dívida', 'annulled');

/** POST /unsettled_payments/raise: a debt raised by hand (an 'other' charge, or a missing quota). */
const raiseDebtAction = defineAction({
  resource: 'unsettled_payments',
  name: 'raise',
  label: 'Lançar dívida',
  on: 'collection',
  access: STAFF_ROLES,
  fields: [
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio', validation: { required: true } },
    { name: 'kind', type: 'enum', label: 'Tipo', options: DEBT_KINDS, validation: { required: true } },
    { name: 'year', type: 'integer', label: 'Ano', validation: { required: true, min: DUES_YEARS.min, max: DUES_YEARS.max } },
    { name: 'period', type: 'integer', label: 'Período', validation: { min: 1, max: 12 } },
    { name: 'amount', type: 'money', label: 'Valor', validation: POSITIVE_MONEY },
    { name: 'due_date', type: 'date', label: 'Vencimento', validation: { required: true } },
    { name: 'description', type: 'string', label: 'Descrição', validation: { required: true, maxLength: 200 } },
  ],
  async run(context) {
    const { input, db, ctx, caller } = context;
    const member = Number(input.member);
    await lockLedger(context, member);
    const kind = input.kind as (typeof DEBT_KINDS)[number]['value'];
    const id = await raiseDebt(
      db,
      { member, kind, year: Number(input.year), period: Number(input.period ?? 1), amount: Number(input.amount), dueDate: String(input.due_date), description: String(input.description) },
      ctx.now(),
    );
    if (id === null) throw invalidRecord({ period: 'Este sócio já tem uma dívida deste tipo para este ano e período.' });
    const reused = await applyCredit(db, member, ctx.now());
    await settle(context, member, [{ resource: 'unsettled_payments', id, action: 'created' }], reused);
    const row = await readRow(db, debts, id);
    if (!row) throw notFound();
    return toRecord(debts, row, caller);
  },
});

export const LEDGER_ACTIONS = [recordPaymentAction, annulPaymentAction, allocatePaymentAction, waiveDebtAction, annulDebtAction, raiseDebtAction] as const;
