// A payment's receipt where the payment is shown (its page, its statement line, the message
// after recording it): the receipt's number linking to its treasury page, and its PDF as issued.
import { useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { PaymentReceipt } from '../../../core/index.js';
import { Button, space, token } from '../../../widgets/kit/index.js';
import { describeFailure } from '../../../widgets/feature-kit/server-message.js';
import { downloadTreasuryPdf } from '../../../widgets/shared/treasury-download.js';
import { useHost, useValue } from '../../context.js';
import { pathOf } from '../../routes.js';
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

/** "Recibo R 2026/42" (a link to the document), whether it was annulled, and "Descarregar recibo". */
export function ReceiptLinks({ receipt }: { receipt: PaymentReceipt }) {
  const { core, routes } = useHost();
  const defs = useValue(routes);
  const [failure, setFailure] = useState<string | null>(null);
  const download = () => {
    setFailure(null);
    downloadTreasuryPdf(core, receipt._id, receipt.number).catch((e: unknown) => setFailure(describeFailure(e, T.receiptFailed)));
  };
  return (
    <Line data-receipt={receipt._id}>
      <Link href={pathOf(defs, 'treasuryDocsEdit', { id: receipt._id })} data-receipt-link>
        {T.receipt(receipt.number)}
      </Link>
      {receipt.annulledBy && <Annulled data-receipt-annulled>{T.receiptAnnulled(receipt.annulledBy)}</Annulled>}
      <Button variant="secondary" onClick={download} aria-label={T.downloadReceiptOf(receipt.number)} data-no-print>
        {T.downloadReceipt}
      </Button>
      {failure && <Failure role="alert">{failure}</Failure>}
    </Line>
  );
}
