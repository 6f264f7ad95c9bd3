import type { Core, UnsettledPayment, User } from '../../core/index.js';
import { useQuery, useRecord } from '../kit/index.js';

/** Every change that can move a debt's open amount: payments, their allocations, the debts themselves. */
import { debtsQuery, LEDGER_RESOURCES } from '../../core/modules/payments.js';

export { LEDGER_RESOURCES };

export type DebtsLoad =
  | { state: 'loading' }
  | { state: 'noMember' }
  | { state: 'notLinked' }
  | { state: 'notFound' }
  | { state: 'failed' }
  | { state: 'loaded'; memberId: string; debts: UnsettledPayment[] };

const present = (value: unknown): value is string | number => (typeof value === 'string' && value !== '') || typeof value === 'number';

/**
 * The debts of `memberId`; without one, a member's own (their user record names the member),
 * which is how the element works on a member's dashboard or an association's website.
 */
export function useMemberDebts(core: Core, memberId: string | undefined, userId: number | undefined, staff: boolean): { load: DebtsLoad; retry(): void } {
  const given = present(memberId) ? String(memberId) : null;
  const own = useRecord<User>(core.queries, 'users', given === null && !staff ? userId : null);
  const ownMember = own.status === 'loaded' ? own.record?.member : undefined;
  // Nothing is read without a session: the answer would be a 401, and the element asks for a login instead.
  const id = userId === undefined ? null : (given ?? (present(ownMember) ? String(ownMember) : null));
  const query = useQuery<UnsettledPayment[]>(core.queries, id === null ? null : debtsQuery(id));

  let load: DebtsLoad;
  if (id === null) {
    if (userId === undefined) load = { state: 'loading' };
    else if (given === null && staff) load = { state: 'noMember' };
    else if (own.status === 'failed' || own.status === 'notFound') load = { state: 'failed' };
    else if (own.status === 'loaded') load = { state: 'notLinked' };
    else load = { state: 'loading' };
  } else if (query.status === 'notFound') load = { state: 'notFound' };
  else if (query.status === 'failed') load = { state: 'failed' };
  else if (query.status === 'loaded') load = { state: 'loaded', memberId: id, debts: Array.isArray(query.data) ? query.data : [] };
  else load = { state: 'loading' };
  return {
    load,
    retry: () => {
      own.refresh();
      query.refresh();
    },
  };
}
