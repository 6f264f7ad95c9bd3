// A member's payments, newest first, each with its method, amount and receipt (its page and its
// PDF as issued); annulled payments say so. The receipts come from the member's statement.
import { useState } from 'react';
import { RESOURCE, type PaymentReceipt } from '../../../core/index.js';
import type { Payment } from '../../../core/records.js';
import { Button, useQuery, useSignalValue } from '../../kit/index.js';
import { TableBox } from '../../feature-kit/data-table.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { useStatement } from '../../payments/index.js';
import { formatMoney } from '../../shared/money.js';
import { methodLabel } from '../../shared/payment-methods.js';
import { HUB_TEXTS as T } from '../hub-texts.js';
import { day, HubTable, Loaded, Muted, Note } from '../hub-kit.js';

/** How many of the latest payments the section lists (their statement has them all). */
const PAYMENTS_SHOWN = 50;

function Receipt({ receipt, receiptPath }: { receipt: PaymentReceipt; receiptPath?: string }) {
  const core = useCore();
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    try {
      // Loaded on the first download, not with the page.
      const { downloadTreasuryPdf } = await import('../../shared/treasury-download.js');
      await downloadTreasuryPdf(core, receipt._id, receipt.number);
    } catch (e) {
      setFailure(describeFailure(e, T.receiptFailed));
    }
  };
  return (
    <span data-receipt={receipt._id}>
      {receiptPath ? <NavLink path={pathWith(receiptPath, { id: receipt._id })}>{receipt.number}</NavLink> : receipt.number}
      {receipt.annulledBy && <Muted> ({T.receiptAnnulled(receipt.annulledBy)})</Muted>}{' '}
      <Button variant="secondary" onClick={() => void download()} aria-label={T.downloadReceiptOf(receipt.number)}>
        {T.downloadReceipt}
      </Button>
      {failure && <span role="alert"> {failure}</span>}
    </span>
  );
}

export interface MemberPaymentsProps {
  memberId?: string;
  /** A payment's page, '/pagamentos/:id'. */
  paymentPath?: string;
  /** A receipt's page, '/tesouraria/:id'. */
  receiptPath?: string;
}

export function MemberPayments({ memberId, paymentPath, receiptPath }: MemberPaymentsProps) {
  const core = useCore();
  const offered = Boolean(useSignalValue(core.explainer.resources)[RESOURCE.payments]);
  const view = useQuery<Payment[]>(
    core.queries,
    offered && memberId ? { path: RESOURCE.payments, params: { _member: memberId, _sort: '-date', _page: 1, _limit: PAYMENTS_SHOWN }, resources: [RESOURCE.payments, RESOURCE.treasuryDocs] } : null,
  );
  const statement = useStatement(core, offered ? memberId : null);
  if (!memberId || !offered) return null;
  const receipts = new Map<number, PaymentReceipt>();
  for (const line of statement.data?.lines ?? []) if (line.kind === 'payment' && line.receipt) receipts.set(line.id, line.receipt);
  const total = view.meta?.total ?? 0;
  return (
    <div data-member-payments={memberId}>
      <Loaded view={view} failed={T.paymentsFailed} empty={T.paymentsNone} isEmpty={(data) => data.length === 0}>
        {(payments) => (
          <>
            <TableBox>
              <HubTable>
                <thead>
                  <tr>
                    <th scope="col">{T.date}</th>
                    <th scope="col">{T.method}</th>
                    <th scope="col" data-amount>
                      {T.amount}
                    </th>
                    <th scope="col">{T.receipt}</th>
                  </tr>
                </thead>
                <tbody>
                  {payments.map((payment) => {
                    const receipt = receipts.get(payment._id);
                    const when = day(payment.date);
                    return (
                      <tr key={payment._id} data-payment={payment._id} data-annulled={payment.annulled_at ? '' : undefined}>
                        <td data-label={T.date}>
                          {paymentPath ? (
                            <NavLink path={pathWith(paymentPath, { id: payment._id })}>
                              {when}
                            </NavLink>
                          ) : (
                            when
                          )}
                          {payment.annulled_at && <Muted> ({T.annulled})</Muted>}
                        </td>
                        <td data-label={T.method}>{methodLabel(payment.method)}</td>
                        <td data-label={T.amount} data-amount>
                          {formatMoney(payment.amount ?? 0)}
                        </td>
                        <td data-label={T.receipt}>{receipt ? <Receipt receipt={receipt} receiptPath={receiptPath} /> : <Muted>{T.noReceipt}</Muted>}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </HubTable>
            </TableBox>
            {total > payments.length && <Note>{T.morePayments(payments.length, total)}</Note>}
          </>
        )}
      </Loaded>
    </div>
  );
}
