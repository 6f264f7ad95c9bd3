import { useEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import type { Member } from '../../../core/index.js';
import { Button, space } from '../../../widgets/kit/index.js';
import { ElementSlot } from '../../elements/element-slot.js';
import { pathOf } from '../../routes.js';
import { Panel } from '../../shell/styles.js';
import { Heading } from '../parts.js';
import type { Page } from '../types.js';
import { MemberPicker } from './member-picker.js';
import { recordedState } from './payment-receipt.js';
import { PAYMENTS_TEXTS as T } from './texts.js';

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
 * records (its event bubbles out of the shadow root).
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

/** paymentsNew: choose the member, tick their debts, record; the new payment then opens, saying so with its receipt. */
export const NewPaymentPage: Page = ({ route, routes, words }) => {
  const [, navigate] = useLocation();
  const [member, setMember] = useState<Member | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The payment's page then says what was recorded and names its receipt.
  usePaymentRecorded(box, (id) => navigate(pathOf(routes, 'paymentsEdit', { id }), { state: recordedState(id) }));
  return (
    <>
      <Heading title={route.title} />
      <Panel ref={box}>
        {member ? (
          <>
            <Chosen>
              <p data-chosen-member={member._id}>{T.chosen(words.memberSingular, String(member.number), member.name)}</p>
              <Button variant="secondary" onClick={() => setMember(null)}>
                {T.changeMember}
              </Button>
            </Chosen>
            <ElementSlot tag="associa-payment-debts" attrs={{ 'member-id': String(member._id) }} />
          </>
        ) : (
          <MemberPicker singular={words.memberSingular} onPick={setMember} />
        )}
      </Panel>
    </>
  );
};
