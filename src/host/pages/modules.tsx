// Routes of domains the server gains in later releases (applications, cards, payments,
// treasury, reports) and messages, which it has. Each shows its resource's generic list
// where the server offers the resource, and says plainly that it does not otherwise.
import { pathOf } from '../routes.js';
import { ElementPage, ModuleFormPage, ModulePage } from './parts.js';
import type { Page, PageTable } from './types.js';

const listOf =
  (resource: string, edit?: (p: Parameters<Page>[0]) => string): Page =>
  (props) => <ModulePage title={props.route.title} resource={resource} editPath={edit?.(props)} />;

const formOf =
  (resource: string, moduleTitle: string): Page =>
  ({ route, params }) => <ModuleFormPage title={route.title} moduleTitle={moduleTitle} resource={resource} id={params.id} />;

export const MODULE_PAGES = {
  memberApplicationsList: listOf('member_applications', () => '/candidaturas/:id'),
  memberApplicationsNew: formOf('member_applications', 'Candidaturas'),
  memberApplicationsEdit: formOf('member_applications', 'Candidaturas'),

  membershipCardList: listOf('membership_cards'),
  membershipCardVerifyMultiple: ({ route, params }) => <ElementPage title={route.title} tag="associa-card-verify-multiple" attrs={{ 'record-id': params.id }} />,
  membershipCardSingle: ({ route, params }) => <ElementPage title={route.title} tag="associa-membership-card" attrs={{ 'record-id': params.id }} />,
  membershipCardLettersSingle: ({ route, params }) => <ElementPage title={route.title} tag="associa-card-letter" attrs={{ 'record-id': params.id }} />,

  PaymentsC: listOf('payments', () => '/pagamentos/:id'),
  paymentsList: listOf('payments', () => '/pagamentos/:id'),
  paymentsNew: formOf('payments', 'Pagamentos'),
  paymentsEdit: formOf('payments', 'Pagamentos'),
  unpaid: listOf('unsettled_payments'),
  unpaidByMember: ({ route, params }) => <ElementPage title={route.title} tag="associa-member-debts" attrs={{ 'member-id': params.memberId }} />,
  paymentsNotifyMultiple: ({ route }) => <ElementPage title={route.title} tag="associa-payments-notify" />,

  reportOverview: ({ route }) => <ElementPage title={route.title} tag="associa-reports" />,

  messageList: listOf('messages', ({ routes }) => `${pathOf(routes, 'messageList')}/:id`),
  messagesEdit: formOf('messages', 'Mensagens'),

  treasuryDocList: listOf('treasury_docs', () => '/tesoouraria/:id'),
  treasuryDocsNew: formOf('treasury_docs', 'Tesouraria'),
  treasuryDocsMultiple: ({ route }) => <ElementPage title={route.title} tag="associa-treasury-multiple" />,
  treasuryDocsEdit: formOf('treasury_docs', 'Tesouraria'),
} satisfies Partial<PageTable>;
