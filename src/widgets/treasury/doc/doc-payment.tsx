// A receipt's payment on the receipt's page: the payment it documents (from the document's view),
// linked, and offered for annulment together with the receipt.
import { useState } from 'react';
import styled from 'styled-components';
import type { TreasuryDocView } from '../../../core/index.js';
import { space } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { AlsoAnnul, ReasonAction } from '../../feature-kit/reason-action.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { LEDGER_RESOURCES } from '../../../core/modules/payments.js';
import { formatDay } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { methodLabel } from '../../shared/payment-methods.js';
import { DOCS } from '../api.js';
import { TREASURY_TEXTS as T } from '../texts.js';
import { DOC_TEXTS } from './doc-texts.js';

/** A payment a document documents, as its view names it. */
export type DocPayment = TreasuryDocView['payments'][number];

const Paid = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)};
  align-items: center;
  margin: 0 0 ${space(2)};
`;

/** "Documenta o pagamento de 22,00 € de 28/11/2026 (Transferência).", with the way to it. */
export function DocPaymentPart({ payment, paymentPath }: { payment: DocPayment; paymentPath?: string }) {
  return (
    <Paid data-doc-payment={payment._id}>
      <span>
        {DOC_TEXTS.documentsPayment(formatMoney(payment.amount), formatDay(payment.date), methodLabel(payment.method))} {payment.annulled && T.paymentAnnulled}
      </span>
      {paymentPath && <NavLink path={pathWith(paymentPath, { id: payment._id })}>{T.openPayment}</NavLink>}
    </Paid>
  );
}

const ANNUL_TEXTS = { action: T.annul, title: T.annulTitle, body: T.annulBody, reason: T.reason, reasonRequired: T.reasonRequired };

/** "Anular documento": when the payment it documents stands, the dialog says so and offers to annul it too. */
export function AnnulDoc({ docId, payment }: { docId: number; payment: DocPayment | null }) {
  const core = useCore();
  const [withPayment, setWithPayment] = useState(false);
  const standing = payment !== null && !payment.annulled;
  const extra = standing ? (
    <>
      <Notice tone="warning">
        <p>{T.paymentStands(formatMoney(payment.amount), formatDay(payment.date))}</p>
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
