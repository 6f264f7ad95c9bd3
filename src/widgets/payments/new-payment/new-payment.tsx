import { createElement, useEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { DEFAULT_API, type Member } from '../../../core/index.js';
import { Button, space, useApiBase } from '../../kit/index.js';
import { MemberPicker } from '../../feature-kit/member-picker.js';
import { useNavigate } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { recordedState } from '../payment-receipt.js';
import { PAYMENTS_TEXTS as T } from '../texts.js';
import { useMemberWords } from '../words.js';

const Chosen = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(1)};
  margin-bottom: ${space(2)};
  p {
    margin: 0;
    font-weight: 600;
  }
`;

/**
 * Calls `onRecorded` with the id of each payment the payment-debts element inside `box`
 * records (its event bubbles out of that element's shadow root into this one's).
 */
function usePaymentRecorded(box: RefObject<HTMLElement | null>, onRecorded: (paymentId: number) => void): void {
  const latest = useRef(onRecorded);
  latest.current = onRecorded;
  useEffect(() => {
    const node = box.current;
    if (!node) return undefined;
    const listener = (event: Event) => {
      const id = (event as CustomEvent<{ _id?: unknown }>).detail?._id;
      if (typeof id === 'number') latest.current(id);
    };
    node.addEventListener('associa-payment-recorded', listener);
    return () => node.removeEventListener('associa-payment-recorded', listener);
  }, [box]);
}

/**
 * <associa-payment-debts> inside this element, with its `api`: its module is loaded on first use
 * (the same file the host loads; defining it twice keeps the first), not carried in this one.
 */
function PaymentDebtsSlot({ memberId }: { memberId: string }) {
  const api = useApiBase();
  useEffect(() => {
    if (!customElements.get('associa-payment-debts')) void import('../../payment-debts/element.js');
  }, []);
  return createElement('associa-payment-debts', { 'member-id': memberId, api: api ?? DEFAULT_API });
}

export interface NewPaymentProps {
  /** The payment's page, its ':id' left in (`/pagamentos/:id`): where a recorded payment opens. */
  paymentPath?: string;
}

/** Choose the member, tick their debts, record; the new payment then opens, saying so with its receipt. */
export function NewPayment({ paymentPath }: NewPaymentProps) {
  const core = useCore();
  const navigate = useNavigate();
  const { singular } = useMemberWords(core);
  const [member, setMember] = useState<Member | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The payment's page then says what was recorded and names its receipt.
  usePaymentRecorded(box, (id) => {
    if (paymentPath) navigate(pathWith(paymentPath, { id }), false, recordedState(id));
  });
  return (
    <div ref={box} data-new-payment>
      {member ? (
        <>
          <Chosen>
            <p data-chosen-member={member._id}>{T.chosen(singular, String(member.number), member.name)}</p>
            <Button variant="secondary" onClick={() => setMember(null)}>
              {T.changeMember}
            </Button>
          </Chosen>
          <PaymentDebtsSlot memberId={String(member._id)} />
        </>
      ) : (
        <MemberPicker singular={singular} onPick={setMember} />
      )}
    </div>
  );
}
