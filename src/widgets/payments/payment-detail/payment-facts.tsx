// What a payment is, read as text: the member (linked to their page), day, amount, method,
// reference, what went to debts and the credit left, who recorded it, and whether it stands.
import { useEffect } from 'react';
import styled from 'styled-components';
import { RESOURCE, type Member, type Payment } from '../../../core/index.js';
import { space, token, useRecord, useSignalValue } from '../../kit/index.js';
import { Facts, type Fact } from '../../feature-kit/facts.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatDay } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';
import { methodLabel } from '../../shared/payment-methods.js';
import { referenceCache } from '../../shared/reference-cache.js';
import { PAYMENTS_TEXTS } from '../texts.js';
import { DETAIL_TEXTS as T } from './detail-texts.js';

const Title = styled.h2`
  margin: 0 0 ${space(1.5)};
  font-size: 1.15rem;
`;

const Annulled = styled.span`
  color: ${token('color-danger')};
  font-weight: 600;
`;

/** The name of the user who recorded the payment, once the page's reference cache has it. */
function useUserName(id: number | null | undefined): string | null {
  const core = useCore();
  const cache = referenceCache(core);
  const labels = useSignalValue(cache.labels);
  useEffect(() => {
    if (typeof id === 'number') void cache.ensure(RESOURCE.users, [id]).catch(() => undefined);
  }, [cache, id]);
  return typeof id === 'number' ? (labels[RESOURCE.users]?.[String(id)] ?? null) : null;
}

export function PaymentFacts({ payment, memberPath }: { payment: Payment; memberPath?: string }) {
  const core = useCore();
  const member = useRecord<Member>(core.queries, RESOURCE.members, payment.member);
  const memberWord = useSignalValue(core.terminology.terminology)?.memberSingular ?? PAYMENTS_TEXTS.defaultSingular;
  const recordedBy = useUserName(payment.recorded_by);
  const person = member.record ? T.memberWithNumber(member.record.name, member.record.number) : null;
  const facts: Fact[] = [
    {
      term: T.member(memberWord),
      name: 'member',
      value:
        person && memberPath && payment.member !== null ? (
          <NavLink path={pathWith(memberPath, { id: payment.member })} data-member-link={payment.member}>
            {person}
          </NavLink>
        ) : (
          person
        ),
    },
    { term: T.date, name: 'date', value: payment.date && formatDay(payment.date) },
    { term: T.amount, name: 'amount', value: formatMoney(payment.amount ?? 0) },
    { term: T.method, name: 'method', value: methodLabel(payment.method) },
    { term: T.reference, name: 'reference', value: payment.reference },
    { term: T.allocated, name: 'allocated', value: formatMoney(payment.allocated ?? 0) },
    { term: T.credit, name: 'credit', value: (payment.credit ?? 0) > 0 && formatMoney(payment.credit ?? 0) },
    { term: T.recordedBy, name: 'recorded-by', value: recordedBy },
    {
      term: T.state,
      name: 'state',
      value: payment.annulled_at ? <Annulled>{T.annulledOn(formatDay(payment.annulled_at.slice(0, 10)))}</Annulled> : T.valid,
    },
    { term: T.reason, name: 'reason', value: payment.annulled_at && payment.annul_reason },
  ];
  return (
    <>
      <Title id="payment-title">{T.title(formatMoney(payment.amount ?? 0), payment.date ? formatDay(payment.date) : '')}</Title>
      <Facts facts={facts} data-payment-facts="" />
    </>
  );
}
