// A receipt's payment on the receipt's page: found on its member's statement (the payment line
// that carries this receipt), linked, and offered for annulment together with the receipt.
import { useState } from 'react';
import styled from 'styled-components';
import type { StatementLine } from '../../../core/index.js';
import { space } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { AlsoAnnul, ReasonAction } from '../../feature-kit/reason-action.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay, LEDGER_RESOURCES } from '../../payment-debts/index.js';
import { useStatement } from '../../payments/index.js';
import { formatMoney } from '../../shared/money.js';
import { DOCS } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';

const Paid = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  align-items: center;
`;

/** The statement line of the payment a member's receipt documents; null: none (a manual receipt, a donation, a note). */
export function useDocPayment(docId: number, memberId: number | null): StatementLine | null {
  const core = useCore();
  const statement = useStatement(core, memberId);
  return statement.data?.lines.find((line) => line.kind === 'payment' && line.receipt?._id === docId) ?? null;
}

/** "Documenta o pagamento de 22,00 € de 28/11/2026", with the way to it. */
export function DocPaymentPart({ payment, paymentPath }: { payment: StatementLine; paymentPath?: string }) {
  return (
    <Paid data-doc-payment={payment.id}>
      <span>
        {T.documentsPayment(formatMoney(payment.credit), formatDay(payment.date))} {payment.annulled && T.paymentAnnulled}
      </span>
      {paymentPath && <NavLink path={pathWith(paymentPath, { id: payment.id })}>{T.openPayment}</NavLink>}
    </Paid>
  );
}

const ANNUL_TEXTS = { action: T.annul, title: T.annulTitle, body: T.annulBody, reason: T.reason, reasonRequired: T.reasonRequired };

/** "Anular documento": when the payment it documents stands, the dialog says so and offers to annul it too. */
export function AnnulDoc({ docId, payment }: { docId: number; payment: StatementLine | null }) {
  const core = useCore();
  const [withPayment, setWithPayment] = useState(false);
  const standing = payment !== null && !payment.annulled;
  const extra = standing ? (
    <>
      <Notice tone="warning">
        <p>{T.paymentStands(formatMoney(payment.credit), formatDay(payment.date))}</p>
      </Notice>
      <AlsoAnnul name="annul_payment" checked={withPayment} onChange={setWithPayment}>
        {T.annulWithPayment}
      </AlsoAnnul>
    </>
  ) : null;
  const run = (reason: string) =>
    core.queries.action(`${DOCS}/${docId}/annul`, { reason, ...(standing && withPayment ? { annul_payment: true } : {}) }, { invalidates: [DOCS, ...LEDGER_RESOURCES] });
  return <ReasonAction texts={ANNUL_TEXTS} run={run} extra={extra} />;
}
