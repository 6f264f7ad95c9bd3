// A payment's receipt where the payment is shown (its page, its statement line, the message
// after recording it): the receipt's number linking to its treasury page, and its PDF as issued.
import { useState } from 'react';
import styled from 'styled-components';
import type { PaymentReceipt } from '../../core/index.js';
import { Button, space, token } from '../kit/index.js';
import { NavLink } from '../feature-kit/navigation.js';
import { pathWith } from '../feature-kit/route-path.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { downloadTreasuryPdf } from '../shared/treasury-download.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

const Line = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(0.5)} ${space(1)};
`;

const Annulled = styled.span`
  color: ${token('color-text-muted')};
`;

const Failure = styled.span`
  color: ${token('color-danger')};
`;

/**
 * "Recibo R 2026/42" (a link to the document's page, `receiptPath` with its ':id'; the number
 * alone without one), whether it was annulled, and "Descarregar recibo".
 */
export function ReceiptLinks({ receipt, receiptPath }: { receipt: PaymentReceipt; receiptPath?: string }) {
  const core = useCore();
  const [failure, setFailure] = useState<string | null>(null);
  const download = () => {
    setFailure(null);
    downloadTreasuryPdf(core, receipt._id, receipt.number).catch((e: unknown) => setFailure(describeFailure(e, T.receiptFailed)));
  };
  return (
    <Line data-receipt={receipt._id}>
      {receiptPath ? (
        <NavLink path={pathWith(receiptPath, { id: receipt._id })} data-receipt-link>
          {T.receipt(receipt.number)}
        </NavLink>
      ) : (
        <span>{T.receipt(receipt.number)}</span>
      )}
      {receipt.annulledBy && <Annulled data-receipt-annulled>{T.receiptAnnulled(receipt.annulledBy)}</Annulled>}
      <Button variant="secondary" onClick={download} aria-label={T.downloadReceiptOf(receipt.number)} data-no-print>
        {T.downloadReceipt}
      </Button>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Line>
  );
}
