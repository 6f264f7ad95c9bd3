// A payer's own payment request as the payment panels show it: the dashboard's (own-payment) and
// a household payer's (member-home/household-payment) have one look and one reading of expiry.
import styled from 'styled-components';
import { space, token } from '../kit/index.js';
import type { InfoRequest } from '../payment-info/index.js';

/** A payment request as its payer reads it (GET /api/payment_requests/{id}): the payment page's, keyed by `_id`. */
export type OwnRequest = Omit<InfoRequest, 'id'> & { _id: number };

export const PaymentPanel = styled.section`
  margin-top: ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;

export const PaymentPanelHead = styled.div`
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
export function asInfo(request: OwnRequest, now: number): InfoRequest {
  const expired = request.state === 'pending' && Date.parse(request.expires_at) <= now;
  return { id: request._id, method: request.method, state: expired ? 'expired' : request.state, amount: request.amount, entity: request.entity, reference: request.reference, expires_at: request.expires_at, paid_at: request.paid_at };
}
