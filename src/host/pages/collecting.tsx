// The collecting pages under the payments base: staged reminders (stages and the decisions log),
// SEPA direct debit (mandates, batches, a batch's collections) and the payment requests. They
// sit with the payments rather than under /configuracaoMensagens: a stage is about whom to chase
// for which debts (per fee category, days from the due date), which is collecting, and SPEC's
// message settings page is the messages' own settings form.
import { pathOf, patternOf, routeNamed } from '../routes.js';
import { Panel } from '../shell/styles.js';
import { ElementSlot } from '../elements/element-slot.js';
import { useDeclareList } from '../shell/list-on-page.js';
import { COLLECTING_TEXTS as T } from './collecting/texts.js';
import { ElementPage, Heading, ListPage, ModuleFormPage } from './parts.js';
import { Served } from './served.js';
import type { Page, PageTable } from './types.js';

const STAGES = 'reminder_stages';

/** The decisions log is the page's list: the toolbar's export and columns act on it. */
function DecisionsOnPage() {
  useDeclareList('reminder_decisions');
  return null;
}

const RemindersPage: Page = ({ route, routes }) => (
  <Served title={route.title} resource={STAGES}>
    <Heading title={route.title} />
    <DecisionsOnPage />
    <Panel>
      <ElementSlot tag="associa-reminders" attrs={{ 'stage-edit-path': patternOf(routes, 'reminderStagesEdit'), 'new-stage-path': pathOf(routes, 'reminderStagesNew') }} />
    </Panel>
  </Served>
);

/** A stage's form; once saved, its message previewed for a chosen member. */
const StagePage: Page = ({ route, params, routes, words }) => (
  <ModuleFormPage
    title={route.title}
    moduleTitle={routeNamed(routes, 'paymentReminders').title}
    resource={STAGES}
    id={params.id}
    editPath={patternOf(routes, 'reminderStagesEdit')}
    listPath={pathOf(routes, 'paymentReminders')}
  >
    <Panel>
      <ElementSlot key={params.id ?? 'new'} tag="associa-reminder-preview" attrs={{ 'stage-id': params.id, singular: words.memberSingular }} />
    </Panel>
  </ModuleFormPage>
);

const MANDATES = 'sepa_mandates';
const MANDATE_COLUMNS = 'member,reference,iban,signature_date,max_amount,sequence,state';

/** The batches are the page's list: the toolbar's export and columns act on them. */
function BatchesOnPage() {
  useDeclareList('direct_debit_batches');
  return null;
}

const DirectDebitPage: Page = ({ route, routes }) => (
  <Served title={route.title} resource={MANDATES}>
    <Heading title={route.title} />
    <BatchesOnPage />
    <Panel>
      <ElementSlot tag="associa-direct-debit" attrs={{ 'batch-path': patternOf(routes, 'directDebitBatch'), 'mandates-path': pathOf(routes, 'sepaMandatesList') }} />
    </Panel>
  </Served>
);

const MandatesPage: Page = ({ route, routes }) => (
  <Served title={route.title} resource={MANDATES}>
    <ListPage
      title={route.title}
      resource={MANDATES}
      columns={MANDATE_COLUMNS}
      editPath={patternOf(routes, 'sepaMandatesEdit')}
      action={{ href: pathOf(routes, 'sepaMandatesNew'), label: T.newMandate }}
    />
  </Served>
);

/** Mandates are revoked, never deleted (batches name them): the form offers no deletion. */
const MandatePage: Page = ({ route, params, routes }) => (
  <ModuleFormPage
    title={route.title}
    moduleTitle={routeNamed(routes, 'sepaMandatesList').title}
    resource={MANDATES}
    id={params.id}
    editPath={patternOf(routes, 'sepaMandatesEdit')}
    formAttrs={{ 'no-delete': 'true' }}
  />
);

const BatchPage: Page = ({ route, params }) => (
  <Served title={route.title} resource={MANDATES}>
    <ElementPage title={route.title} tag="associa-direct-debit-batch" attrs={{ 'batch-id': params.id }} />
  </Served>
);

const REQUESTS = 'payment_requests';
const REQUEST_COLUMNS = 'created_at,member,method,amount,entity,reference,state,expires_at,paid_at';

/** The payment requests as a list; one is made on a member's statement (<associa-request-payment>). */
const PaymentRequestsPage: Page = ({ route }) => (
  <Served title={route.title} resource={REQUESTS}>
    <ListPage title={route.title} resource={REQUESTS} columns={REQUEST_COLUMNS} />
  </Served>
);

/** Notify many: the stages' messages, to members the unpaid list's filters choose. */
const NotifyPage: Page = ({ route, routes, words }) => (
  <Served title={route.title} resource={STAGES}>
    <Heading title={route.title} />
    <Panel>
      <ElementSlot tag="associa-notify-members" attrs={{ plural: words.memberPlural, 'messages-path': pathOf(routes, 'messageList') }} />
    </Panel>
  </Served>
);

/** Bank-statement reconciliation: a statement's lines reviewed, then recorded as payments. */
const ReconciliationPage: Page = ({ route, routes, words }) => (
  <Served title={route.title} resource="reconciliation_imports">
    <ElementPage
      title={route.title}
      tag="associa-reconciliation"
      attrs={{ singular: words.memberSingular, 'payment-path': patternOf(routes, 'paymentsEdit'), 'receipt-path': patternOf(routes, 'treasuryDocsEdit') }}
    />
  </Served>
);

export const COLLECTING_PAGES = {
  paymentsNotifyMultiple: NotifyPage,
  paymentReminders: RemindersPage,
  reminderStagesNew: StagePage,
  reminderStagesEdit: StagePage,
  directDebit: DirectDebitPage,
  sepaMandatesList: MandatesPage,
  sepaMandatesNew: MandatePage,
  sepaMandatesEdit: MandatePage,
  directDebitBatch: BatchPage,
  paymentRequests: PaymentRequestsPage,
  reconciliation: ReconciliationPage,
} satisfies Partial<PageTable>;
