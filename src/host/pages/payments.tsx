// The payments routes of SPEC 2 under the terminology's payments base: the landing, the
// payments list and its records, a new payment, the unpaid list and a member's statement.
import styled from 'styled-components';
import { space } from '../../widgets/kit/index.js';
import { ElementSlot } from '../elements/element-slot.js';
import { pathOf, patternOf } from '../routes.js';
import { Panel } from '../shell/styles.js';
import { HandOverPayment } from './collecting/hand-over.js';
import { RequestPayment } from './collecting/payment-request.js';
import { FormPage, Heading, ListPage } from './parts.js';
import { NewPaymentPage } from './payments/new-payment.js';
import { PaymentsLandingPage } from './payments/overview.js';
import { PaymentDetail } from './payments/payment-detail.js';
import { RecordedNotice } from './payments/payment-receipt.js';
import { ListFilters, type RangeFilter, type ToggleFilter } from './payments/list-filters.js';
import { MemberStatement } from './payments/statement.js';
import { PAYMENTS_TEXTS as T } from './payments/texts.js';
import type { Page, PageTable } from './types.js';

const Spaced = styled.div`
  margin-top: ${space(3)};
`;

const PAYMENT_RANGES: readonly RangeFilter[] = [{ field: 'date', type: 'date', from: T.dateFrom, to: T.dateTo }];
// Every member with a ledger has a balance row; the unpaid list starts with those who owe today
// (debts due by today); unticked, it also shows who has only debts not yet due (A vencer).
const OWING: readonly ToggleFilter[] = [{ name: 'open_total_gte', value: '1', label: T.onlyOwing }];
const BALANCE_RANGES: readonly RangeFilter[] = [
  { field: 'years_owed', type: 'integer', from: T.yearsOwedFrom, to: T.yearsOwedTo },
  { field: 'oldest_due', type: 'date', from: T.oldestDueFrom, to: T.oldestDueTo },
];

/** Method and member filter in the list's own panel; the date range above it. */
const PaymentsListPage: Page = ({ route, routes }) => (
  <ListPage
    title={route.title}
    resource="payments"
    editPath={patternOf(routes, 'paymentsEdit')}
    action={{ href: pathOf(routes, 'paymentsNew'), label: T.newPayment }}
    filters={<ListFilters resource="payments" legend={T.filters} ranges={PAYMENT_RANGES} />}
  />
);

/** Only the reference and the notes change in place; the rest moves through the ledger's actions (credit and annulment are told below). */
const PaymentEditPage: Page = ({ route, params, routes }) => (
  <>
    {/* Right after recording: what was recorded and its receipt, first thing on the page. */}
    {params.id && <RecordedNotice paymentId={params.id} />}
    <FormPage title={route.title} resource="payments" id={params.id} formAttrs={{ fields: 'member,date,amount,allocated,method,reference,notes,recorded_by', 'no-delete': 'true' }}>
      {params.id && <PaymentDetail paymentId={params.id} routes={routes} />}
    </FormPage>
  </>
);

const UnpaidPage: Page = ({ route, routes }) => (
  // A balance row's id is its member's: the row opens that member's statement.
  <ListPage
    title={route.title}
    resource="member_balances"
    editPath={patternOf(routes, 'unpaidByMember').replace(':memberId', ':id')}
    columns="number,name,years_owed,open_total,oldest_due,upcoming_total"
    filters={<ListFilters resource="member_balances" legend={T.filters} ranges={BALANCE_RANGES} toggles={OWING} />}
  />
);

const UnpaidByMemberPage: Page = ({ route, params, words }) => (
  <>
    <Heading title={route.title} />
    <Panel>
      <MemberStatement memberId={params.memberId ?? ''} singular={words.memberSingular} />
    </Panel>
    {/* "Pedir pagamento": a Multibanco reference for chosen debts (the collecting module). */}
    <Spaced data-no-print>
      <Panel>
        <RequestPayment memberId={params.memberId ?? ''} />
      </Panel>
    </Spaced>
    <Spaced data-no-print>
      <Panel>
        <HandOverPayment memberId={params.memberId ?? ''} />
      </Panel>
    </Spaced>
    <Spaced data-no-print>
      <Panel>
        <ElementSlot tag="associa-payment-debts" attrs={{ 'member-id': params.memberId }} />
      </Panel>
    </Spaced>
  </>
);

export const PAYMENT_PAGES = {
  PaymentsC: PaymentsLandingPage,
  paymentsList: PaymentsListPage,
  paymentsNew: NewPaymentPage,
  paymentsEdit: PaymentEditPage,
  unpaid: UnpaidPage,
  unpaidByMember: UnpaidByMemberPage,
} satisfies Partial<PageTable>;
