// The payments routes of SPEC 2 under the terminology's payments base: the landing, the
// payments list and its records, a new payment, the unpaid list and a member's statement. The
// pages place the payments elements (src/widgets/payments) and hand them their routes' paths.
import styled from 'styled-components';
import { space } from '../../widgets/kit/index.js';
import { ElementSlot } from '../elements/element-slot.js';
import { pathOf, patternOf } from '../routes.js';
import { Panel, SecondaryRouteLink } from '../shell/styles.js';
import { ElementPage, FormPage, Heading, ListPage } from './parts.js';
import type { Page, PageTable } from './types.js';

const Spaced = styled.div`
  margin-top: ${space(3)};
`;

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  margin-top: ${space(2)};
`;

const NEW_PAYMENT = 'Novo Pagamento';

/** The figures and the month chart, then the ways to the payments' other pages. */
const PaymentsLandingPage: Page = ({ route, routes, words }) => (
  <>
    <Heading title={route.title} action={{ href: pathOf(routes, 'paymentsNew'), label: NEW_PAYMENT }} />
    <ElementSlot tag="associa-payments-overview" />
    <Links aria-label={route.title}>
      <SecondaryRouteLink href={pathOf(routes, 'paymentsList')}>Pagamentos</SecondaryRouteLink>
      <SecondaryRouteLink href={pathOf(routes, 'unpaid')}>Dívidas</SecondaryRouteLink>
      {/* The collecting pages (issue 11). */}
      <SecondaryRouteLink href={pathOf(routes, 'paymentRequests')}>Pedidos de pagamento</SecondaryRouteLink>
      <SecondaryRouteLink href={pathOf(routes, 'reconciliation')}>Extrato bancário</SecondaryRouteLink>
      <SecondaryRouteLink href={pathOf(routes, 'directDebit')}>Débito direto</SecondaryRouteLink>
      <SecondaryRouteLink href={pathOf(routes, 'paymentReminders')}>Avisos de dívida</SecondaryRouteLink>
      <SecondaryRouteLink href={pathOf(routes, 'paymentsNotifyMultiple')}>{`Notificar ${words.memberPlural}`}</SecondaryRouteLink>
    </Links>
  </>
);

/** Method and member filter in the list's own panel; the date range above it. */
const PaymentsListPage: Page = ({ route, routes }) => (
  <ListPage
    title={route.title}
    resource="payments"
    editPath={patternOf(routes, 'paymentsEdit')}
    action={{ href: pathOf(routes, 'paymentsNew'), label: NEW_PAYMENT }}
    filters={<ElementSlot tag="associa-list-filters" attrs={{ resource: 'payments' }} />}
  />
);

/** paymentsNew: choose the member, tick their debts, record; the new payment then opens, saying so with its receipt. */
const NewPaymentPage: Page = ({ route, routes }) => <ElementPage title={route.title} tag="associa-new-payment" attrs={{ 'payment-path': patternOf(routes, 'paymentsEdit') }} />;

/** Only the reference and the notes change in place; the rest moves through the ledger's actions (credit and annulment are told below). */
const PaymentEditPage: Page = ({ route, params, routes }) => {
  const receiptPath = patternOf(routes, 'treasuryDocsEdit');
  return (
    <>
      {/* Right after recording: what was recorded and its receipt, first thing on the page. */}
      <ElementSlot tag="associa-payment-recorded" attrs={{ 'payment-id': params.id, 'receipt-path': receiptPath }} />
      <FormPage title={route.title} resource="payments" id={params.id} formAttrs={{ fields: 'member,date,amount,allocated,method,reference,notes,recorded_by', 'no-delete': 'true' }}>
        <Spaced>
          <Panel>
            <ElementSlot tag="associa-payment-detail" attrs={{ 'payment-id': params.id, 'statement-path': patternOf(routes, 'unpaidByMember'), 'receipt-path': receiptPath }} />
          </Panel>
        </Spaced>
      </FormPage>
    </>
  );
};

const UnpaidPage: Page = ({ route, routes }) => (
  // A balance row's id is its member's: the row opens that member's statement.
  <ListPage
    title={route.title}
    resource="member_balances"
    editPath={patternOf(routes, 'unpaidByMember').replace(':memberId', ':id')}
    columns="number,name,years_owed,open_total,oldest_due,upcoming_total"
    filters={<ElementSlot tag="associa-list-filters" attrs={{ resource: 'member_balances' }} />}
  />
);

/** The statement (printable alone), then the ways to have the member pay, left off paper. */
const UnpaidByMemberPage: Page = ({ route, params, routes }) => (
  <>
    <Heading title={route.title} />
    <Panel>
      <ElementSlot tag="associa-member-statement" attrs={{ 'member-id': params.memberId, 'receipt-path': patternOf(routes, 'treasuryDocsEdit') }} />
    </Panel>
    {/* "Pedir pagamento": a Multibanco reference for chosen debts (the collecting module). */}
    <Spaced data-no-print>
      <Panel>
        <ElementSlot tag="associa-request-payment" attrs={{ 'member-id': params.memberId }} />
      </Panel>
    </Spaced>
    <Spaced data-no-print>
      <Panel>
        <ElementSlot tag="associa-hand-over" attrs={{ 'member-id': params.memberId }} />
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
