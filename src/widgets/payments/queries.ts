// The dues module's own reads, held through the core's queries: read again whenever a
// payment, a debt, an allocation or a balance changes (here or, by realtime, elsewhere).
import { RESOURCE, type Core, type PaymentsOverview, type Statement } from '../../core/index.js';
import { useQuery, type QueryView } from '../kit/index.js';
import { LEDGER_RESOURCES } from '../../core/modules/payments.js';

export function useOverview(core: Core): QueryView<PaymentsOverview> {
  return useQuery<PaymentsOverview>(core.queries, { path: 'payments_overview', resources: LEDGER_RESOURCES });
}

/** A statement's payment lines carry their receipts: an annulled receipt changes it too. */
const STATEMENT_RESOURCES = [...LEDGER_RESOURCES, RESOURCE.treasuryDocs];

export function useStatement(core: Core, memberId: string | number | null | undefined): QueryView<Statement> {
  const id = memberId === null || memberId === undefined || memberId === '' ? null : String(memberId);
  return useQuery<Statement>(core.queries, id === null ? null : { path: `members/${encodeURIComponent(id)}/statement`, resources: STATEMENT_RESOURCES });
}
