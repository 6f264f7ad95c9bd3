import { useState } from 'react';
import { Button, ErrorState, Loading, useQuery, useRecord } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { asInfo, PaymentPanel, PaymentPanelHead, type OwnRequest } from '../payment-debts/index.js';
import { PaymentChoices, RequestDetails, type PaymentMethod } from '../payment-info/index.js';
import { formatMoney } from '../shared/money.js';
import { HOUSEHOLD_DUES_TEXTS as T } from './household-texts.js';

const REQUESTS = 'payment_requests';

export interface HouseholdPaymentProps {
  household: number;
  /** The debts chosen when *Pagar pelo agregado* was pressed, and what they add up to. */
  debts: readonly number[];
  amount: number;
  onClose(): void;
}

/**
 * The payer pays the household's chosen debts: the ways to pay (GET /api/payment_options), ONE
 * request of their own for all of them (POST /api/payment_requests/own with the household), then
 * the request followed live: it is the payer's, so its change reaches them when the provider calls back.
 */
export function HouseholdPayment({ household, debts, amount, onClose }: HouseholdPaymentProps) {
  const core = useCore();
  const options = useQuery<{ methods: PaymentMethod[]; transfer: unknown }>(core.queries, { path: 'payment_options', resources: ['settings'] });
  const [requestId, setRequestId] = useState<number | null>(null);
  const followed = useRecord<OwnRequest>(core.queries, REQUESTS, requestId);
  const request = followed.record ? asInfo(followed.record, core.clock.now()) : null;

  const ask = async (choice: { method: PaymentMethod; phone?: string }) => {
    const created = await core.queries.action<OwnRequest>(`${REQUESTS}/own`, { household, debts: [...debts], ...choice }, { invalidates: [REQUESTS] });
    setRequestId(created._id);
  };

  let body;
  if (requestId !== null && request) body = <RequestDetails request={request} onNew={() => setRequestId(null)} />;
  else if (requestId !== null) body = <Loading />;
  else if (options.status === 'failed' || options.status === 'notFound') body = <ErrorState message={T.optionsFailed} onRetry={options.refresh} />;
  else if (!options.data) body = <Loading />;
  // No bank transfer here: its description names one member, whose debts alone the statement's import would pay.
  else body = <PaymentChoices methods={options.data.methods} transfer={null} amount={amount} onRequest={ask} />;

  return (
    <PaymentPanel aria-labelledby={`household-payment-${household}`} data-household-payment={household}>
      <PaymentPanelHead>
        <h4 id={`household-payment-${household}`}>{T.payTitle(debts.length, formatMoney(amount))}</h4>
        <Button variant="secondary" onClick={onClose}>
          {request ? T.close : T.cancel}
        </Button>
      </PaymentPanelHead>
      {body}
    </PaymentPanel>
  );
}
