import { useState } from 'react';
import styled from 'styled-components';
import { Button, ErrorState, Loading, space, token, useQuery, useRecord } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { PaymentChoices, RequestDetails, type InfoRequest, type PaymentMethod, type TransferOption } from '../payment-info/index.js';
import { formatMoney } from '../shared/money.js';
import { PAYMENT_DEBTS_TEXTS } from './texts.js';

const T = PAYMENT_DEBTS_TEXTS.pay;
const REQUESTS = 'payment_requests';

/** GET /api/payment_options: the ways to pay the association takes now. */
interface PaymentOptions {
  methods: PaymentMethod[];
  transfer: TransferOption | null;
}

/** A payment request as the member reads it (GET /api/payment_requests/{id}): the payment page's, keyed by `_id`. */
type OwnRequest = Omit<InfoRequest, 'id'> & { _id: number };

const Panel = styled.section`
  margin-top: ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${space(1)};
  h4 {
    margin: 0;
    font-size: 1.05em;
  }
`;

/** The request as the payment views show it: a pending one past its time reads as expired, as the payment link page has it. */
function asInfo(request: OwnRequest, now: number): InfoRequest {
  const expired = request.state === 'pending' && Date.parse(request.expires_at) <= now;
  return { id: request._id, method: request.method, state: expired ? 'expired' : request.state, amount: request.amount, entity: request.entity, reference: request.reference, expires_at: request.expires_at, paid_at: request.paid_at };
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
    <Panel aria-labelledby="own-payment-title" data-own-payment>
      <Head>
        <h4 id="own-payment-title">{T.title(debts.length, formatMoney(amount))}</h4>
        <Button variant="secondary" onClick={onClose}>
          {request ? T.close : T.cancel}
        </Button>
      </Head>
      {body}
      {request?.state === 'paid' && core.explainer.may('treasury_docs', 'list') && <p>{T.receiptHint}</p>}
    </Panel>
  );
}
