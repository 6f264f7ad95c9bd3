import { useState } from 'react';
import { Button, ErrorState, Loading, useQuery, useRecord } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { PaymentChoices, RequestDetails, type PaymentMethod, type TransferOption } from '../payment-info/index.js';
import { formatMoney } from '../shared/money.js';
import { asInfo, PaymentPanel, PaymentPanelHead, type OwnRequest } from './own-request.js';
import { PAYMENT_DEBTS_TEXTS } from './texts.js';

const T = PAYMENT_DEBTS_TEXTS.pay;
const REQUESTS = 'payment_requests';

/** GET /api/payment_options: the ways to pay the association takes now. */
interface PaymentOptions {
  methods: PaymentMethod[];
  transfer: TransferOption | null;
}

export interface OwnPaymentProps {
  /** The debts chosen when *Pagar* was pressed, and what they add up to. */
  debts: readonly number[];
  amount: number;
  onClose(): void;
}

/**
 * The member pays the debts they chose on their dashboard: the payment link page's choices
 * (PaymentChoices), a request of their own (POST /api/payment_requests/own), then the request
 * followed live: its changes reach the member over realtime, so "Pago" shows when the provider
 * calls back, while the debts and receipts beside it refresh from the same events.
 */
export function OwnPayment({ debts, amount, onClose }: OwnPaymentProps) {
  const core = useCore();
  const options = useQuery<PaymentOptions>(core.queries, { path: 'payment_options', resources: ['settings'] });
  const [requestId, setRequestId] = useState<number | null>(null);
  const followed = useRecord<OwnRequest>(core.queries, REQUESTS, requestId);
  const request = followed.record ? asInfo(followed.record, core.clock.now()) : null;

  const ask = async (choice: { method: PaymentMethod; phone?: string }) => {
    const created = await core.queries.action<OwnRequest>(`${REQUESTS}/own`, { debts: [...debts], ...choice }, { invalidates: [REQUESTS] });
    setRequestId(created._id);
  };

  let body;
  if (requestId !== null && request) body = <RequestDetails request={request} onNew={() => setRequestId(null)} />;
  else if (requestId !== null) body = <Loading />;
  else if (options.status === 'failed' || options.status === 'notFound') body = <ErrorState message={T.optionsFailed} onRetry={options.refresh} />;
  else if (!options.data) body = <Loading />;
  else body = <PaymentChoices methods={options.data.methods} transfer={options.data.transfer} amount={amount} onRequest={ask} />;

  return (
    <PaymentPanel aria-labelledby="own-payment-title" data-own-payment>
      <PaymentPanelHead>
        <h4 id="own-payment-title">{T.title(debts.length, formatMoney(amount))}</h4>
        <Button variant="secondary" onClick={onClose}>
          {request ? T.close : T.cancel}
        </Button>
      </PaymentPanelHead>
      {body}
      {request?.state === 'paid' && core.explainer.may('treasury_docs', 'list') && <p>{T.receiptHint}</p>}
    </PaymentPanel>
  );
}
