import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/core/contract.js';
import { recordAudit } from '../../src/server/audit/record.js';
import { enqueueJob } from '../../src/server/jobs/store.js';
import { issuePaymentLink } from '../../src/server/modules/payment-links/public.js';
import { ensureReferenceData } from '../../src/server/resources/reference-data.js';
import { startTestServer, type TestServer } from './support/server.js';
import { loose } from '../../src/server/db/database.js';

/**
 * Every route the server has, called by every kind of caller, with the status each must get.
 * The table is written by hand from the product's rules (SPEC 6: docs/requirements.md section 6, the platform
 * issue), not derived from the resource definitions, so a wrong definition fails here.
 */

const CALLERS = ['anonymous', 'member', 'editor', 'admin', 'apiKey'] as const;
type Who = (typeof CALLERS)[number];
/** Statuses in CALLERS order; the API key acts with role editor. */
type Row5 = readonly [number, number, number, number, number];

let server: TestServer;
const tokens: Partial<Record<Who, string>> = {};
let ownMemberId = 0;
let ownUserId = 0;
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

async function as(who: Who, method: string, url: string, payload?: object | string, headers: Record<string, string> = {}) {
  const response = await server.request({
    method,
    url,
    token: tokens[who],
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  // Every refusal names its case with a code the client can switch on.
  if (response.statusCode >= 400) expect(ERROR_CODES, `${method} ${url} as ${who}: code of ${response.body}`).toContain(response.json().code);
  return response;
}

async function adminCreate(resource: string, body: object): Promise<number> {
  const response = await as('admin', 'POST', `/api/${resource}`, body);
  if (response.statusCode !== 201) throw new Error(`setup create ${resource}: ${response.statusCode} ${response.body}`);
  return Number(response.json().data._id);
}

async function anyId(resource: string): Promise<number> {
  const row = await loose(server.database.db).selectFrom(resource).select('_id').orderBy('_id').executeTakeFirstOrThrow();
  return Number(row._id);
}

async function stateId(): Promise<number> {
  return anyId('member_states');
}

// ISO 3166 leaves these codes unassigned, so they never clash with the real countries.
const FREE_COUNTRY_CODES = [...'MNOPQRSTUVWXYZ'].map((c) => `Q${c}`).concat([...'ABCDEFGHIJ'].map((c) => `X${c}`));

/** A valid new record of each resource (unique values each call). */
const bodies: Record<string, () => Promise<object>> = {
  members: async () => ({ dues_exempt: true, name: `Sócio ${unique()}`, state: await stateId() }),
  member_states: async () => ({ name: `Estado ${unique()}`, marksEnd: false }),
  countries: async () => ({ name: `País ${unique()}`, code: FREE_COUNTRY_CODES.shift() }),
  tags: async () => ({ name: `Etiqueta ${unique()}` }),
  contacts: async () => ({ name: `Contacto ${unique()}` }),
  users: async () => ({ username: `u${unique()}`, name: 'Novo Utilizador', role: 'member' }),
  settings: async () => ({ name: `custom_${unique()}`, value: 'x' }),
  api_secrets: async () => ({ name: `Chave ${unique()}`, role: 'member' }),
  messages: async () => ({ recipient: 'a@exemplo.pt', subject: 'x', body: 'x' }),
  audit_log: async () => ({ resource: 'members', action: 'update' }),
  jobs: async () => ({ name: 'dues.generate', key: `k${unique()}` }),
  fee_categories: async () => ({ name: `Categoria ${unique()}` }),
  fee_schedules: async () => ({ year: 2026, category: await adminCreate('fee_categories', { name: `Categoria ${unique()}` }), amount: 2400, periodicity: 'annual', due_day: 31 }),
  // The ledger has no generic create: its rows come from the actions (recordOf below).
  unsettled_payments: async () => ({}),
  payments: async () => ({}),
  payment_allocations: async () => ({}),
  member_balances: async () => ({}),
  // Created by staff through POST /api/payment_requests (recordOf below); an empty body is a field error.
  payment_requests: async () => ({}),
  // A member has one active mandate: each new one is for a new member.
  sepa_mandates: async () => ({ member: await adminCreate('members', await bodies.members!()), iban: 'PT50000201231234567890154', reference: `M-${unique()}`, signature_date: '2025-10-01' }),
  // Batches and their items come from the actions only.
  direct_debit_batches: async () => ({}),
  direct_debit_items: async () => ({}),
  reminder_stages: async () => ({ name: `Etapa ${unique()}`, offset_days: 15, channel: 'email', subject: 'Quotas em atraso', body: 'Olá {primeiro_nome}, deve {total}.' }),
  // The reminders log is written by the planner only (seedReminderDecision below).
  reminder_decisions: async () => ({}),
  // A view over the outbox: a reminder's message (seedPaymentMessage below).
  payment_messages: async () => ({}),
  // Imports come from POST /api/reconciliation_imports/confirm only (LEDGER_ROWS below).
  reconciliation_imports: async () => ({}),
  reconciliation_import_lines: async () => ({}),
  // Payment links are issued by the server only (seedPaymentLink below).
  payment_links: async () => ({}),
  // Cards are issued by POST /api/membership_cards/issue only (seedCard below).
  membership_cards: async () => ({}),
  card_checkins: async () => ({ name: `Assembleia ${unique()}`, date: '2026-03-28' }),
  // Scans are added by POST /api/card_checkins/{id}/scan only (seedScan below).
  card_checkin_scans: async () => ({}),
  saved_filters: async () => ({ resource: 'members', name: `Filtro ${unique()}`, query: '_search=ana' }),
  // A paper application typed in by staff: a name is enough.
  member_applications: async () => ({ name: `Candidato ${unique()}`, fee_category: await adminCreate('fee_categories', await bodies.fee_categories!()) }),
  // A new donor named with a valid NIF: each donation issues its receipt.
  donations: async () => ({ date: '2026-01-15', donor_name: `Doador ${unique()}`, donor_nif: '212345672', amount: 1000 }),
  // Treasury documents are issued by the server only (a payment's receipt: seedTreasuryDoc below).
  treasury_docs: async () => ({}),
  document_statuses: async () => ({ name: `Estado ${unique()}`, color: '#336699' }),
  // A general assembly in preparation, far enough ahead to be convened (the module is on here).
  assemblies: async () => ({ kind: 'ordinaria', title: `Assembleia Geral ${unique()}`, date: '2099-03-28', time: '21:00', place: 'Sede' }),
  assembly_items: async () => ({ assembly: await adminCreate('assemblies', await bodies.assemblies!()), position: 1, title: `Ponto ${unique()}`, majority: 'ordinary' }),
  // Attendance, ballots and convocations are written by the session and convene actions only (seedAssemblyRow below).
  assembly_attendance: async () => ({}),
  assembly_ballots: async () => ({}),
  assembly_convocations: async () => ({}),
  // A family paid for by a contact (no member pays): a contact payer needs a name and a NIF.
  households: async () => ({ name: `Agregado ${unique()}`, payer_name: 'Rui Contacto', payer_nif: '123456789' }),
  consent_purposes: async () => ({ key: `finalidade-${unique()}`, name: `Finalidade ${unique()}`, description: 'Envio de novidades da associação por e-mail.', basis: 'consentimento' }),
  // Consents are written by POST /api/members/{id}/consents only (seedConsent below).
  consents: async () => ({}),
  data_subject_requests: async () => ({ requester_name: `Titular ${unique()}`, kind: 'acesso' }),
};

/** A patch each resource accepts. */
const patches: Record<string, () => object> = {
  members: () => ({ notes: `nota ${unique()}` }),
  member_states: () => ({ name: `Estado ${unique()}` }),
  countries: () => ({ name: `País ${unique()}` }),
  tags: () => ({ name: `Etiqueta ${unique()}` }),
  contacts: () => ({ notes: `nota ${unique()}` }),
  users: () => ({ name: `Nome ${unique()}` }),
  settings: () => ({ value: `v${unique()}` }),
  api_secrets: () => ({ name: `Chave ${unique()}` }),
  messages: () => ({ subject: 'mudado' }),
  audit_log: () => ({ action: 'delete' }),
  jobs: () => ({ state: 'done' }),
  fee_categories: () => ({ notes: `nota ${unique()}` }),
  fee_schedules: () => ({ amount: 3000 }),
  unsettled_payments: () => ({ description: 'mudada' }),
  payments: () => ({ notes: `nota ${unique()}` }),
  payment_allocations: () => ({ amount: 1 }),
  member_balances: () => ({ open_total: 0 }),
  payment_requests: () => ({ state: 'paid' }),
  sepa_mandates: () => ({ max_amount: 5000 }),
  direct_debit_batches: () => ({ state: 'closed' }),
  direct_debit_items: () => ({ state: 'confirmed' }),
  reminder_stages: () => ({ name: `Etapa ${unique()}` }),
  reminder_decisions: () => ({ decision: 'sent' }),
  payment_messages: () => ({ subject: 'mudado' }),
  reconciliation_imports: () => ({ recorded: 0 }),
  reconciliation_import_lines: () => ({ reason: null }),
  payment_links: () => ({ expires_at: '2099-01-01T00:00:00.000Z' }),
  membership_cards: () => ({ state: 'revoked' }),
  card_checkins: () => ({ name: `Assembleia ${unique()}` }),
  card_checkin_scans: () => ({ status: 'valid' }),
  saved_filters: () => ({ name: `Filtro ${unique()}` }),
  member_applications: () => ({ locality: `Localidade ${unique()}` }),
  donations: () => ({ notes: 'mudada' }),
  treasury_docs: () => ({ payer_name: 'Outra Pessoa' }),
  document_statuses: () => ({ name: `Estado ${unique()}` }),
  assemblies: () => ({ place: `Sala ${unique()}` }),
  assembly_items: () => ({ title: `Ponto ${unique()}` }),
  assembly_attendance: () => ({ via: 'name' }),
  assembly_ballots: () => ({ choice: 'against' }),
  assembly_convocations: () => ({ channel: 'post' }),
  households: () => ({ notes: `nota ${unique()}` }),
  consent_purposes: () => ({ name: `Finalidade ${unique()}` }),
  consents: () => ({ state: 'withdrawn' }),
  data_subject_requests: () => ({ requester_contact: `titular${unique()}@exemplo.pt` }),
};

/** An operation left out is one nobody is granted: it has no route, so everyone gets the 404 of an unknown address. */
type ResourceRules = Partial<Record<'list' | 'read' | 'create' | 'update' | 'delete' | 'validate', Row5>>;
const NO_ROUTE: Row5 = [404, 404, 404, 404, 404];

/** The generic routes each operation has (validate belongs to create and update alike). */
const GENERIC_ROUTES = {
  // The list's CSV export answers whoever may read the list (list-stream.ts).
  list: (name: string) => [`GET /api/${name}`, `GET /api/${name}/export.csv`],
  read: (name: string) => [`GET /api/${name}/:id`],
  create: (name: string) => [`POST /api/${name}`, `POST /api/${name}/validate`],
  update: (name: string) => [`PUT /api/${name}/:id`, `PATCH /api/${name}/:id`, `POST /api/${name}/validate`, `POST /api/${name}/bulk_update`],
  delete: (name: string) => [`DELETE /api/${name}/:id`, `POST /api/${name}/bulk_delete`],
} as const;

const STAFF_ALL: ResourceRules = {
  list: [401, 403, 200, 200, 200],
  read: [401, 403, 200, 200, 200],
  create: [401, 403, 201, 201, 201],
  update: [401, 403, 200, 200, 200],
  delete: [401, 403, 204, 204, 204],
};
const PUBLIC_READ_ADMIN_WRITE: ResourceRules = {
  list: [401, 200, 200, 200, 200],
  read: [401, 200, 200, 200, 200],
  create: [401, 403, 403, 201, 403],
  update: [401, 403, 403, 200, 403],
  delete: [401, 403, 403, 204, 403],
};

/**
 * The ledger: staff read every row, a member the rows of their own member record (the list is
 * theirs alone; another member's row is as if absent), and only the actions write it.
 */
const LEDGER_READ: ResourceRules = {
  list: [401, 200, 200, 200, 200],
  read: [401, 404, 200, 200, 200],
};

const RULES: Record<string, ResourceRules> = {
  members: { ...STAFF_ALL, delete: [401, 403, 403, 204, 403] },
  users: { ...STAFF_ALL, delete: [401, 403, 403, 204, 403] },
  tags: STAFF_ALL,
  contacts: STAFF_ALL,
  member_states: PUBLIC_READ_ADMIN_WRITE,
  countries: PUBLIC_READ_ADMIN_WRITE,
  settings: PUBLIC_READ_ADMIN_WRITE,
  api_secrets: {
    list: [401, 403, 403, 200, 403],
    read: [401, 403, 403, 200, 403],
    create: [401, 403, 403, 201, 403],
    update: [401, 403, 403, 200, 403],
    delete: [401, 403, 403, 204, 403],
  },
  // The audit trail: administrators read it; the server alone writes it, so it has no write routes.
  audit_log: {
    list: [401, 403, 403, 200, 403],
    read: [401, 403, 403, 200, 403],
  },
  // The outbox is written by the server only: no write routes either.
  messages: {
    list: [401, 403, 200, 200, 200],
    read: [401, 403, 200, 200, 200],
  },
  // Background jobs: administrators read the runs; only the jobs engine writes them.
  jobs: {
    list: [401, 403, 403, 200, 403],
    read: [401, 403, 403, 200, 403],
  },
  // Fee categories: anyone signed in reads them (a member sees their own category's name); staff set them.
  fee_categories: { ...STAFF_ALL, list: [401, 200, 200, 200, 200], read: [401, 200, 200, 200, 200] },
  fee_schedules: STAFF_ALL,
  unsettled_payments: LEDGER_READ,
  payment_allocations: LEDGER_READ,
  member_balances: LEDGER_READ,
  // Payment requests: read like the ledger; staff create them (amount, entity and reference are the server's), nobody edits them.
  payment_requests: { ...LEDGER_READ, create: [401, 403, 422, 422, 422] },
  // Direct-debit mandates: staff keep them (revoked, never deleted); a member reads their own.
  sepa_mandates: { ...LEDGER_READ, create: [401, 403, 201, 201, 201], update: [401, 403, 200, 200, 200] },
  // Batches and their items: staff read them; only the actions write them.
  direct_debit_batches: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  direct_debit_items: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // Reminder stages are staff's; the reminders log is read by staff and written by the server only.
  reminder_stages: STAFF_ALL,
  reminder_decisions: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // The automatic payment messages each member was sent: staff read them; the outbox is their only writer.
  payment_messages: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // Reconciliation imports: staff read them; only the confirm action writes them.
  reconciliation_imports: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  reconciliation_import_lines: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // Payment links: staff read (never the token, stored hashed) and revoke them; the server alone issues them.
  payment_links: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // Membership cards: staff read every card, a member their own; only the issue and revoke actions write them.
  membership_cards: LEDGER_READ,
  // Check-in sessions at an assembly's door: staff's, kept (never deleted) as the attendance; their scans come from the scan action only.
  card_checkins: { list: STAFF_ALL.list!, read: STAFF_ALL.read!, create: STAFF_ALL.create!, update: STAFF_ALL.update! },
  card_checkin_scans: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // A payment's reference and notes may be corrected by staff; a member's PATCH is refused before the scope is asked.
  // Its validate checks updates only (a body with the payment's _id): without one it is a create, which nobody may.
  payments: { ...LEDGER_READ, update: [401, 403, 200, 200, 200], validate: [401, 403, 403, 403, 403] },
  // Saved list filters: each person their own (administrators too: another's is as if absent); API keys have no person.
  // The record each caller meets below is the administrator's.
  // Donations: staff record and read them; never edited nor deleted (the receipt stands, or is annulled).
  donations: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200], create: [401, 403, 201, 201, 201] },
  // Applications are staff's. Without a session every application is as if absent (404), and the create is the public form's, which this
  // association does not take (hasMemberApplication off: 404; test/server/applications covers the form). Its validate checks the public fields for anyone.
  member_applications: { list: [401, 403, 200, 200, 200], read: [404, 403, 200, 200, 200], create: [404, 403, 201, 201, 201], update: [401, 403, 200, 200, 200], validate: [200, 403, 200, 200, 200] },
  // Treasury documents: staff read all, a member their own; issued documents are never edited (no
  // update route) nor deleted (a 409 saying to annul instead). Statuses are staff's.
  treasury_docs: { ...LEDGER_READ, delete: [401, 403, 409, 409, 409] },
  document_statuses: STAFF_ALL,
  // General assemblies: staff prepare them and their agenda; only an administrator deletes one (a draft; a convened one is a 409:
  // test/server/assemblies-rights.test.ts). Members have no access to the resources: they read their convocations at /api/own/assemblies.
  assemblies: { ...STAFF_ALL, delete: [401, 403, 403, 204, 403] },
  assembly_items: STAFF_ALL,
  // Attendance, ballots and convocations: staff read them; only the session and convene actions write them.
  assembly_attendance: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  assembly_ballots: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  assembly_convocations: { list: [401, 403, 200, 200, 200], read: [401, 403, 200, 200, 200] },
  // Households (issue 34): staff keep them; only an administrator deletes one (one with members, debts or payments is a 409:
  // test/server/households-ledger.test.ts). Members read their household's debts at /api/own/household_debts.
  households: { ...STAFF_ALL, delete: [401, 403, 403, 204, 403] },
  // The purposes personal data are used for: staff's (a member reads them with their consents, /api/members/{id}/consents).
  consent_purposes: { ...STAFF_ALL, delete: [401, 403, 403, 204, 403] },
  // Consents: staff read all, a member their own; written only through /api/members/{id}/consents.
  consents: LEDGER_READ,
  // Data-subject requests: staff register and answer them, a member reads those about them; only an administrator deletes one.
  data_subject_requests: { ...LEDGER_READ, create: STAFF_ALL.create!, update: STAFF_ALL.update!, delete: [401, 403, 403, 204, 403] },
  saved_filters: {
    list: [401, 200, 200, 200, 403],
    read: [401, 404, 404, 200, 403],
    create: [401, 201, 201, 201, 403],
    update: [401, 404, 404, 200, 403],
    delete: [401, 404, 404, 204, 403],
  },
};

/** Routes outside the generic resource set, with the request that exercises each. */
const OTHER_ROUTES: Record<string, { payload?: object | string; headers?: Record<string, string>; expect: Row5 }> = {
  'GET /api/': { expect: [200, 200, 200, 200, 200] },
  'GET /api': { expect: [200, 200, 200, 200, 200] },
  'GET /api/terminology': { expect: [200, 200, 200, 200, 200] },
  'GET /api/openapi.json': { expect: [200, 200, 200, 200, 200] },
  // The API reference page and its files: public; a name it does not serve is the same 404 for all.
  'GET /api/docs': { expect: [200, 200, 200, 200, 200] },
  'GET /api/docs/:file': { expect: [404, 404, 404, 404, 404] },
  // Anyone: without a session, only the resources anyone may create (the application form's fields).
  'GET /api/explainer': { expect: [200, 200, 200, 200, 200] },
  // The declared settings' schema, for the settings forms: anyone signed in.
  'GET /api/settings/schema': { expect: [401, 200, 200, 200, 200] },
  // The jobs' timing and latest runs, beside the jobs list: administrators only.
  'GET /api/jobs/schedule': { expect: [401, 403, 403, 200, 403] },
  // The whole export (decision 0047): administrators only (accounts, or keys with that role); ':job' is no id.
  'POST /api/data_exports': { payload: {}, expect: [401, 403, 403, 202, 403] },
  'GET /api/data_exports': { expect: [401, 403, 403, 200, 403] },
  'GET /api/data_exports/:job': { expect: [401, 403, 403, 400, 403] },
  // Backups: the last one and its check, and a backup now, for administrators only (not their API keys).
  'GET /api/backups/status': { expect: [401, 403, 403, 200, 403] },
  'POST /api/backups/run': { payload: {}, expect: [401, 403, 403, 202, 403] },
  // The payments landing's figures: staff.
  'GET /api/payments_overview': { expect: [401, 403, 200, 200, 200] },
  // The staff home's figures: staff (the jobs figure only for administrators, inside the answer).
  'GET /api/overview': { expect: [401, 403, 200, 200, 200] },
  // The first-run checklist and its tests: administrators only (the provider test without keys, and the message without SMTP, say so in a 200).
  'GET /api/setup': { expect: [401, 403, 403, 200, 403] },
  'POST /api/setup/test_message': { payload: {}, expect: [401, 403, 403, 200, 403] },
  'POST /api/setup/test_provider': { payload: {}, expect: [401, 403, 403, 200, 403] },
  // The organisation's logo: administrators upload (a JSON body is no image: 415) and take it away; anyone reads it (none here: 404 for all).
  'POST /api/organisation_logo': { payload: {}, expect: [401, 403, 403, 415, 403] },
  'DELETE /api/organisation_logo': { expect: [401, 403, 403, 204, 403] },
  'GET /api/organisation_logo': { expect: [404, 404, 404, 404, 404] },
  // The five reports (an association's): staff and their API keys; an unknown report is a 400 once the caller may read reports.
  'GET /api/reports/owedPerYear': { expect: [401, 403, 200, 200, 200] },
  'GET /api/reports/nextYearQuotaExpectations': { expect: [401, 403, 200, 200, 200] },
  'GET /api/reports/paymentsPerYear': { expect: [401, 403, 200, 200, 200] },
  'GET /api/reports/cancelationsPerYear': { expect: [401, 403, 200, 200, 200] },
  'GET /api/reports/membershipsPerYear': { expect: [401, 403, 200, 200, 200] },
  'GET /api/reports/:report': { expect: [401, 403, 400, 400, 400] },
  // The ledger's collection actions: staff. Empty bodies are field errors once the caller may act.
  'POST /api/payments/record': { payload: {}, expect: [401, 403, 422, 422, 422] },
  'POST /api/unsettled_payments/raise': { payload: {}, expect: [401, 403, 422, 422, 422] },
  'POST /api/unsettled_payments/generate': { payload: { year: 1999 }, expect: [401, 403, 422, 422, 422] },
  // Collecting: the provider in use (keys masked) is staff's; ifthenpay's callback is public and
  // answers 200 whoever calls (none configured here: ignored and logged, nothing recorded).
  'GET /api/payment_provider': { expect: [401, 403, 200, 200, 200] },
  'GET /api/payment_callbacks/ifthenpay': { expect: [200, 200, 200, 200, 200] },
  // The ways to pay: anyone signed in (a member for their own debts, staff for Pedir pagamento).
  'GET /api/payment_options': { expect: [401, 200, 200, 200, 200] },
  // A member pays their own debts (an empty body is a field error); a caller without a member record has none to pay.
  'POST /api/payment_requests/own': { payload: {}, expect: [401, 422, 403, 403, 403] },
  'POST /api/direct_debit_batches/prepare': { payload: {}, expect: [401, 403, 422, 422, 422] },
  // Reconciliation: staff preview and confirm a statement; without a file, a field error.
  'POST /api/reconciliation_imports/preview': { payload: {}, expect: [401, 403, 422, 422, 422] },
  'POST /api/reconciliation_imports/confirm': { payload: {}, expect: [401, 403, 422, 422, 422] },
  // Imports (decision 0045): staff who may create members. An upload that is no multipart form is a 415 once the caller
  // may import; ':id' is no id, a 400.
  'POST /api/imports': { payload: {}, expect: [401, 403, 415, 415, 415] },
  'GET /api/imports': { expect: [401, 403, 200, 200, 200] },
  'GET /api/imports/:id': { expect: [401, 403, 400, 400, 400] },
  'POST /api/imports/:id/check': { payload: {}, expect: [401, 403, 400, 400, 400] },
  'GET /api/imports/:id/rows': { expect: [401, 403, 400, 400, 400] },
  'GET /api/imports/:id/report.csv': { expect: [401, 403, 400, 400, 400] },
  'POST /api/imports/:id/commit': { payload: {}, expect: [401, 403, 400, 400, 400] },
  'POST /api/imports/:id/undo': { payload: {}, expect: [401, 403, 400, 400, 400] },
  // Reminders: staff plan today's now and approve what awaits (nothing here, so nothing is sent).
  'POST /api/reminder_decisions/plan': { payload: {}, expect: [401, 403, 200, 200, 200] },
  'POST /api/reminder_decisions/approve': { payload: {}, expect: [401, 403, 200, 200, 200] },
  // Treasury extras: the Modelo 25 export (without a year, a 400 once the caller may export), a
  // document's status history (an id that is no number, a 400), and the receipts of payments
  // without one, counted or issued (a range that ends before it starts, a field error).
  'GET /api/donations/modelo25': { expect: [401, 403, 400, 400, 400] },
  'GET /api/treasury_docs/:id/status-history': { expect: [401, 403, 400, 400, 400] },
  'POST /api/treasury_docs/missing_receipts': { payload: { from: '2026-02-01', to: '2026-01-01' }, expect: [401, 403, 422, 422, 422] },
  'POST /api/treasury_docs/issue_missing': { payload: { from: '2026-02-01', to: '2026-01-01' }, expect: [401, 403, 422, 422, 422] },
  // Treasury documents: search is every signed-in caller's (a member finds their own); a download of
  // no documents is a 400 for all who may ask; a download job's id that is no number, a 400; the
  // bulk statuses are staff's (without a status, a field error; without documents, a 400); the
  // integrity check is the administrators'.
  'POST /api/treasury_docs/search': { payload: {}, expect: [401, 200, 200, 200, 200] },
  'POST /api/treasury_docs/download': { payload: { ids: [] }, expect: [401, 400, 400, 400, 400] },
  'GET /api/treasury_docs/download/:job': { expect: [401, 400, 400, 400, 400] },
  'POST /api/treasury_docs_statuses/bulk': { payload: {}, expect: [401, 403, 422, 422, 422] },
  'POST /api/treasury_docs_statuses/bulk_delete': { payload: { ids: [] }, expect: [401, 403, 400, 400, 400] },
  'POST /api/treasury_docs/verify_integrity': { payload: {}, expect: [401, 403, 403, 200, 403] },
  // A manual receipt (quota or jóia, outside the ledger): staff; an empty body is a field error once the caller may issue.
  'POST /api/treasury_docs/manual': { payload: {}, expect: [401, 403, 422, 422, 422] },
  // The series' next numbers (the treasury settings page): staff read; administrators set, only forwards (a number already issued would be a 409).
  'GET /api/treasury_series': { expect: [401, 403, 200, 200, 200] },
  // A document's stored PDF: staff any, a member their own (test/server/treasury/issue.test.ts); ':id' is no id.
  'GET /api/treasury_docs/:id/pdf': { expect: [401, 400, 400, 400, 400] },
  // A document as its page shows it: staff any, a member their own (test/server/treasury/doc-view.test.ts); ':id' is no id.
  'GET /api/treasury_docs/:id/view': { expect: [401, 400, 400, 400, 400] },
  'PUT /api/treasury_series/:type/:year': { payload: { next: 1 }, expect: [401, 403, 403, 400, 403] },
  // The payment-information page's API: public, the token is the proof; an unknown one is the same 404 for all.
  'GET /api/payment_info/:token': { expect: [404, 404, 404, 404, 404] },
  'POST /api/payment_info/:token/requests': { payload: { debts: [1], method: 'multibanco' }, expect: [404, 404, 404, 404, 404] },
  'GET /api/payment_info/:token/requests/:id': { expect: [404, 404, 404, 404, 404] },
  // The public card check: no login, the code is the proof; an unknown code is the same 404 for all.
  'GET /api/membership_cards/verify/:code': { expect: [404, 404, 404, 404, 404] },
  // A card's standing today: staff any card, a member their own (test/server/cards/card-standing.test.ts); ':id' is no id.
  'GET /api/membership_cards/:id/state': { expect: [401, 400, 400, 400, 400] },
  // Issuing (or reissuing) a card: staff; without a member, a field error once the caller may act.
  'POST /api/membership_cards/issue': { payload: {}, expect: [401, 403, 422, 422, 422] },
  // The public application form (this association takes none: 404 for all) and the e-mail confirmation (an unknown code: 404 for all).
  'GET /api/member_applications/form': { expect: [404, 404, 404, 404, 404] },
  'POST /api/member_applications/verifyEmail': { payload: { verificationCode: 'x' }, expect: [404, 404, 404, 404, 404] },
  // Staff decide applications; without ids, a 400 once the caller may.
  'POST /api/member_applications/accept_many': { payload: {}, expect: [401, 403, 400, 400, 400] },
  'GET /api/member_applications/pending_count': { expect: [401, 403, 200, 200, 200] },
  // Printing cards is staff's (the print itself is GET /api/membership_cards?type, test/server/cards): a job id that is no number is a 400 once the caller may print; the calibration page is a PDF.
  'GET /api/membership_cards/print/:job': { expect: [401, 403, 400, 400, 400] },
  'GET /api/membership_cards/calibration.pdf': { expect: [401, 403, 200, 200, 200] },
  // A card's cover letter (by the card's id, SPEC 7's address): staff; here the id is no number (test/server/cards covers a real one).
  'GET /api/membership_card_letters/:id': { expect: [401, 403, 400, 400, 400] },
  // General assemblies: anyone signed in reads the convened ones and their published minutes (':id' is no id); anyone at all
  // the next one's date, place and agenda (none convened here: no assembly, the same for all).
  'GET /api/own/assemblies': { expect: [401, 200, 200, 200, 200] },
  'GET /api/own/assemblies/:id/minutes.pdf': { expect: [401, 400, 400, 400, 400] },
  'GET /api/public/assemblies/next': { expect: [200, 200, 200, 200, 200] },
  // A guardian's minors (issue 34): an account with the member role (here the member's, a guardian of none: an empty list);
  // staff accounts and keys are no guardians. Choosing one needs the caller's own live session (a token not theirs: 400).
  'GET /api/own/minors': { expect: [401, 200, 403, 403, 403] },
  'POST /api/own/minors/choose': { payload: { member: null, refreshToken: 'x' }, expect: [401, 400, 403, 403, 403] },
  // The households the caller pays for, with their debts: anyone signed in (none here: an empty list).
  'GET /api/own/household_debts': { expect: [401, 200, 200, 200, 200] },
  // A message to many members for a purpose: staff; an empty body is a field error once the caller may send.
  'POST /api/members/broadcast': { payload: {}, expect: [401, 403, 422, 422, 422] },
  // Public, so the caller does not matter; an empty body is refused the same for all.
  'POST /api/auth': { payload: {}, expect: [400, 400, 400, 400, 400] },
  'POST /api/auth/refresh': { payload: { refreshToken: 'x' }, expect: [401, 401, 401, 401, 401] },
  // Public: the refresh token is the proof; an unknown one ends nothing and says nothing.
  'POST /api/auth/logout': { payload: { refreshToken: 'x' }, expect: [204, 204, 204, 204, 204] },
  // No SENTRY_DSN in tests: the tunnel accepts and drops the envelope.
  'POST /api/sentry': { payload: '{}\n{"type":"event"}\n{}', headers: { 'content-type': 'text/plain' }, expect: [204, 204, 204, 204, 204] },
  'POST /api/websocket/auth': { payload: { connectionId: 'nenhuma' }, expect: [401, 404, 404, 404, 404] },
  // A plain GET without the WebSocket upgrade.
  'GET /api/websocket': { expect: [404, 404, 404, 404, 404] },
  // Two-factor login: staff acting on their own account; API keys are not accounts. An empty
  // body is a 400 once the caller may act (enrolment needs nothing more).
  'GET /api/auth/two-factor': { expect: [401, 403, 200, 200, 403] },
  'POST /api/auth/two-factor/enrol': { payload: {}, expect: [401, 403, 200, 200, 403] },
  'POST /api/auth/two-factor/confirm': { payload: {}, expect: [401, 403, 400, 400, 403] },
  'POST /api/auth/two-factor/disable': { payload: {}, expect: [401, 403, 400, 400, 403] },
  'POST /api/auth/two-factor/recovery-codes': { payload: {}, expect: [401, 403, 400, 400, 403] },
};

/** Declared actions on a record, each run on a fresh record of its resource (a member's is another member's). */
const RECORD_ACTIONS: Record<string, { payload?: () => Promise<object>; expect: Row5 }> = {
  // Revoking a key: administrators only; the key's row is untouched by a refusal.
  'POST /api/api_secrets/:id/revoke': { expect: [401, 403, 403, 200, 403] },
  // The ledger's actions are staff's; a member may not even see another member's rows.
  'POST /api/payments/:id/annul': { payload: async () => ({ reason: 'Engano' }), expect: [401, 403, 200, 200, 200] },
  'POST /api/payments/:id/allocate': { payload: async () => ({ debt: await recordOf('unsettled_payments'), amount: 1 }), expect: [401, 403, 422, 422, 422] },
  'POST /api/unsettled_payments/:id/waive': { payload: async () => ({ reason: 'Dificuldades' }), expect: [401, 403, 200, 200, 200] },
  'POST /api/unsettled_payments/:id/annul': { payload: async () => ({ reason: 'Engano' }), expect: [401, 403, 200, 200, 200] },
  // Direct debit: staff confirm or record the return of an item or of a whole batch, and export the batch's pain.008 file.
  'POST /api/direct_debit_items/:id/confirm': { expect: [401, 403, 200, 200, 200] },
  'POST /api/direct_debit_items/:id/reject': { payload: async () => ({ reason: 'AM04' }), expect: [401, 403, 200, 200, 200] },
  'POST /api/direct_debit_batches/:id/confirm': { expect: [401, 403, 200, 200, 200] },
  'POST /api/direct_debit_batches/:id/reject': { payload: async () => ({ reason: 'Ficheiro recusado' }), expect: [401, 403, 200, 200, 200] },
  'GET /api/direct_debit_batches/:id/pain008.xml': { expect: [401, 403, 200, 200, 200] },
  // A stage's preview for one member: staff; it writes nothing.
  'POST /api/reminder_stages/:id/preview': { payload: async () => ({ member: ownMemberId }), expect: [401, 403, 200, 200, 200] },
  // Notify many with this stage's message: staff; nobody owes 99 years, so it is a field error once the caller may act.
  'POST /api/reminder_stages/:id/notify': { payload: async () => ({ batch_key: `matriz-${unique()}`, years_owed_gte: 99 }), expect: [401, 403, 422, 422, 422] },
  // Revoking a payment link: staff.
  'POST /api/payment_links/:id/revoke': { expect: [401, 403, 200, 200, 200] },
  // Handing a member a payment link (to copy, or by e-mail): staff.
  'POST /api/payment_links/hand_over': { payload: async () => ({ member: ownMemberId, way: 'copy' }), expect: [401, 403, 200, 200, 200] },
  // Resending a message: staff; the seeded message still waits to be sent, so it is refused with a 409 once the caller may act.
  'POST /api/messages/:id/resend': { expect: [401, 403, 409, 409, 409] },
  // Revoking a membership card: staff, with a reason.
  'POST /api/membership_cards/:id/revoke': { payload: async () => ({ reason: 'Cartão perdido' }), expect: [401, 403, 200, 200, 200] },
  // A reading at a check-in session's door: staff; a code no card has is still a reading (not found).
  'POST /api/card_checkins/:id/scan': { payload: async () => ({ input: 'ZZZZ-ZZZZ-ZZZZZ' }), expect: [401, 403, 200, 200, 200] },
  // Deciding an application and seeing its duplicates: staff.
  'POST /api/member_applications/:id/accept': { expect: [401, 403, 200, 200, 200] },
  'POST /api/member_applications/:id/reject': { payload: async () => ({ reason: 'Não cumpre os estatutos' }), expect: [401, 403, 200, 200, 200] },
  'POST /api/member_applications/:id/withdraw': { expect: [401, 403, 200, 200, 200] },
  'GET /api/member_applications/:id/duplicates': { expect: [401, 403, 200, 200, 200] },
  'GET /api/member_applications/:id/consent': { expect: [401, 403, 200, 200, 200] },
  // Annulling a treasury document (an annulment note) and e-mailing it: staff; the seeded member has no e-mail, a field error.
  'POST /api/treasury_docs/:id/annul': { payload: async () => ({ reason: 'Emitido por engano' }), expect: [401, 403, 200, 200, 200] },
  'POST /api/treasury_docs/:id/send': { expect: [401, 403, 422, 422, 422] },
  // General assemblies: staff act on each (test/server/assemblies-* cover each action's states); here on a fresh assembly in
  // preparation with no agenda, so once the caller may act: convening is a field error (no agenda), the session's actions a
  // 409 (not in session), the convocation's documents a 409 (nothing convened yet), the minutes' actions a 409 too.
  'GET /api/assemblies/:id/quorum': { expect: [401, 403, 200, 200, 200] },
  'GET /api/assemblies/:id/convocation': { expect: [401, 403, 200, 200, 200] },
  'POST /api/assemblies/:id/convene': { expect: [401, 403, 422, 422, 422] },
  'GET /api/assemblies/:id/convocation_proof': { expect: [401, 403, 200, 200, 200] },
  'GET /api/assemblies/:id/letters.pdf': { expect: [401, 403, 409, 409, 409] },
  'GET /api/assemblies/:id/convocation_proof.pdf': { expect: [401, 403, 200, 200, 200] },
  'POST /api/assemblies/:id/open_session': { expect: [401, 403, 409, 409, 409] },
  'POST /api/assemblies/:id/check_in': { payload: async () => ({ member: ownMemberId }), expect: [401, 403, 409, 409, 409] },
  'POST /api/assemblies/:id/check_out': { payload: async () => ({ member: ownMemberId }), expect: [401, 403, 409, 409, 409] },
  'GET /api/assemblies/:id/attendance_sheet.pdf': { expect: [401, 403, 200, 200, 200] },
  'POST /api/assembly_items/:id/open_vote': { expect: [401, 403, 409, 409, 409] },
  'POST /api/assembly_items/:id/record_votes': { payload: async () => ({ votes_for: 1, votes_against: 0, abstentions: 0 }), expect: [401, 403, 409, 409, 409] },
  'POST /api/assembly_items/:id/cast': { payload: async () => ({ member: ownMemberId, choice: 'for' }), expect: [401, 403, 409, 409, 409] },
  'POST /api/assembly_items/:id/close_vote': { expect: [401, 403, 409, 409, 409] },
  'POST /api/assemblies/:id/draft_minutes': { expect: [401, 403, 409, 409, 409] },
  'POST /api/assemblies/:id/finalize_minutes': { expect: [401, 403, 409, 409, 409] },
  // No final minutes yet: the same 404 for all who may read them.
  'GET /api/assemblies/:id/minutes.pdf': { expect: [401, 403, 404, 404, 404] },
  // Staff record a consent given on paper for a member, named by the purpose's key (another member's, for the member caller: refused).
  'POST /api/members/:id/consents': { payload: async () => ({ purpose: 'newsletter', granted: true }), expect: [401, 403, 200, 200, 200] },
  // Erasing a member's personal data: administrators only (test/server/erasure.test.ts); a number that is not the member's is a field error.
  'POST /api/members/:id/erase': { payload: async () => ({ confirm_number: 0 }), expect: [401, 403, 403, 422, 403] },
};

/** Routes about one member's ledger, called on the own member of the member caller and on another member. */
const MEMBER_LEDGER_ROUTES: Record<string, { url: (member: number) => string; own: Row5; other: Row5 }> = {
  'GET /api/members/:id/statement': { url: (m) => `/api/members/${m}/statement`, own: [401, 200, 200, 200, 200], other: [401, 404, 200, 200, 200] },
  // RGPD access: a member exports their own data; another member's is refused as their record is.
  'GET /api/members/:id/export': { url: (m) => `/api/members/${m}/export?format=csv`, own: [401, 200, 200, 200, 200], other: [401, 403, 200, 200, 200] },
  'GET /api/payment_advice': { url: (m) => `/api/payment_advice?memberID=${m}&type=joia`, own: [401, 200, 200, 200, 200], other: [401, 404, 200, 200, 200] },
  // A member reads their own photo and documents (never writes them); another member's are as if absent.
  'GET /api/members/:id/member_photos': { url: (m) => `/api/members/${m}/member_photos`, own: [401, 200, 200, 200, 200], other: [401, 404, 200, 200, 200] },
  'GET /api/members/:id/pdf_documents': { url: (m) => `/api/members/${m}/pdf_documents`, own: [401, 200, 200, 200, 200], other: [401, 404, 200, 200, 200] },
  // Each purpose with the member's consent (issue 34): the member their own, staff anyone's.
  'GET /api/members/:id/consents': { url: (m) => `/api/members/${m}/consents`, own: [401, 200, 200, 200, 200], other: [401, 403, 200, 200, 200] },
  // What erasing a member's data would erase and keep: staff (a member not even their own).
  'GET /api/members/:id/erasure': { url: (m) => `/api/members/${m}/erasure`, own: [401, 403, 200, 200, 200], other: [401, 403, 200, 200, 200] },
};

/**
 * Files: staff upload and ask for an address; an address answers only the caller it was
 * issued to (here the administrator), so everyone else is refused its content.
 */
const FILE_ROUTES: Record<string, Row5> = {
  'POST /api/files': [401, 403, 201, 201, 201],
  'GET /api/files/:id/url': [401, 403, 200, 200, 200],
  'GET /api/files/:id/content': [401, 403, 403, 200, 403],
};
const PDF_UPLOAD = {
  payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--b--\r\n',
  headers: { 'content-type': 'multipart/form-data; boundary=b' },
};

/** A multipart body: the id field, then the file, as the browser's upload helper sends them. */
function formWith(field: string, id: number, file: { name: string; type: string; bytes: Buffer }) {
  const head = `--b\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${id}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from('\r\n--b--\r\n')]), headers: PDF_UPLOAD.headers };
}
const JPEG = () => sharp({ create: { width: 30, height: 40, channels: 3, background: '#808080' } }).jpeg().toBuffer();
const PDF = { name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') };

async function openApplication(): Promise<number> {
  const stamp = new Date(server.ctx.now()).toISOString();
  const row = await server.database.db.insertInto('member_applications').values({ created_at: stamp, updated_at: stamp, name: `Candidato ${unique()}`, state: 'submitted' }).returning('_id').executeTakeFirstOrThrow();
  return Number(row._id);
}

async function memberFileId(url: string, form: { payload: Buffer; headers: Record<string, string> }): Promise<number> {
  const response = await as('admin', 'POST', url, form.payload, form.headers);
  if (response.statusCode !== 201) throw new Error(`setup ${url}: ${response.statusCode} ${response.body}`);
  return Number(response.json().data._id);
}

/**
 * Photos and PDF documents (SPEC 7): staff write and read them; a member reads their own
 * (MEMBER_LEDGER_ROUTES above); the public writes an application's only with its upload token
 * (test/server/member-files), so without one it is a 401. Each call has a fresh target.
 */
const MEMBER_FILE_ROUTES: Record<string, { request: () => Promise<{ url: string; payload?: Buffer; headers?: Record<string, string> }>; expect: Row5 }> = {
  'POST /api/member_photos': { request: async () => ({ url: '/api/member_photos', ...formWith('memberID', ownMemberId, { name: 'a.jpg', type: 'image/jpeg', bytes: await JPEG() }) }), expect: [401, 403, 201, 201, 201] },
  'POST /api/member_application_photos': { request: async () => ({ url: '/api/member_application_photos', ...formWith('memberApplicationID', await openApplication(), { name: 'a.jpg', type: 'image/jpeg', bytes: await JPEG() }) }), expect: [401, 403, 201, 201, 201] },
  'POST /api/pdf_documents': { request: async () => ({ url: '/api/pdf_documents', ...formWith('memberID', ownMemberId, PDF) }), expect: [401, 403, 201, 201, 201] },
  'GET /api/member_applications/:id/member_application_photos': { request: async () => ({ url: `/api/member_applications/${await openApplication()}/member_application_photos` }), expect: [401, 403, 200, 200, 200] },
  'GET /api/member_applications/:id/pdf_documents': { request: async () => ({ url: `/api/member_applications/${await openApplication()}/pdf_documents` }), expect: [401, 403, 200, 200, 200] },
  'DELETE /api/member_photos/:id': { request: async () => ({ url: `/api/member_photos/${await memberFileId('/api/member_photos', formWith('memberID', ownMemberId, { name: 'a.jpg', type: 'image/jpeg', bytes: await JPEG() }))}` }), expect: [401, 403, 204, 204, 204] },
  'DELETE /api/member_application_photos/:id': {
    request: async () => ({ url: `/api/member_application_photos/${await memberFileId('/api/member_application_photos', formWith('memberApplicationID', await openApplication(), { name: 'a.jpg', type: 'image/jpeg', bytes: await JPEG() }))}` }),
    expect: [401, 403, 204, 204, 204],
  },
  'DELETE /api/pdf_documents/:id': { request: async () => ({ url: `/api/pdf_documents/${await memberFileId('/api/pdf_documents', formWith('memberID', ownMemberId, PDF))}` }), expect: [401, 403, 204, 204, 204] },
};

beforeAll(async () => {
  server = await startTestServer();
  await ensureReferenceData(server.database.db, Date.now());
  const admin = await server.createUser('admin');
  tokens.admin = (await server.login(admin)).access;
  const editor = await server.createUser('editor');
  tokens.editor = (await server.login(editor)).access;
  ownMemberId = await adminCreate('members', await bodies.members!());
  const member = await server.createUser('member', { memberId: ownMemberId });
  ownUserId = member.id;
  tokens.member = (await server.login(member)).access;
  const key = await as('admin', 'POST', '/api/api_secrets', { name: 'Integração', role: 'editor' });
  tokens.apiKey = key.json().data.secret;
  // The treasury's and the assemblies' routes answer only with their module on.
  await server.database.db.updateTable('settings').set({ value: 'true' }).where('name', 'in', ['hasTreasury', 'hasAssemblies']).execute();
});
afterAll(async () => {
  await server?.close();
});

function expectStatuses(label: string, actual: number[], expected: Row5) {
  const got = Object.fromEntries(CALLERS.map((who, i) => [who, actual[i]]));
  const want = Object.fromEntries(CALLERS.map((who, i) => [who, expected[i]]));
  expect(got, label).toEqual(want);
}

describe('authorisation matrix', () => {
  it('covers every route the server serves, and every generic route it has a rule for exists', () => {
    const generic = new Set<string>();
    for (const [name, rules] of Object.entries(RULES)) {
      for (const [operation, routes] of Object.entries(GENERIC_ROUTES)) if (rules[operation as keyof ResourceRules]) for (const route of routes(name)) generic.add(route);
    }
    // Only the API: the web build (src/server/web) serves the same public files to anyone (test/server/web.test.ts).
    const registered = server.app.routeList.filter((r) => r.url === '/api' || r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    const unchecked = registered.filter(
      (key) =>
        !generic.has(key) &&
        !(key in OTHER_ROUTES) &&
        !(key in RECORD_ACTIONS) &&
        !(key in FILE_ROUTES) &&
        !(key in MEMBER_FILE_ROUTES) &&
        !(key in MEMBER_LEDGER_ROUTES) &&
        !/^GET \/api\/\w+\/:id\/\w+$/.test(key),
    );
    expect(unchecked, 'registered routes without a rule').toEqual([]);
    expect([...generic].filter((key) => !registered.includes(key)), 'rules of routes the server does not have').toEqual([]);
  });

  it('an operation nobody is granted has no route: the 404 of an unknown address, for everyone', async () => {
    const id = await recordOf('messages');
    for (const [method, url] of [['POST', '/api/messages'], ['POST', '/api/messages/validate'], ['PATCH', `/api/messages/${id}`], ['DELETE', `/api/audit_log/${id}`]] as const) {
      for (const who of CALLERS) {
        const response = await as(who, method, url, method === 'DELETE' ? undefined : {});
        expect({ who, status: response.statusCode, code: response.json().code }, `${method} ${url}`).toEqual({ who, status: 404, code: 'route_not_found' });
      }
    }
  });

  it('an optional module switched off (hasTreasury) answers 404 on every route of it, for everyone, and the explainer leaves it out', async () => {
    const switched = server.app.routeList.filter((r) => r.enabledBy === 'hasTreasury').map((r) => `${r.method} ${r.url}`);
    // Its resources' generic, nested, bulk and action routes, and the modules' own routes.
    expect(switched).toEqual(expect.arrayContaining(['GET /api/treasury_docs', 'GET /api/treasury_docs/:id', 'GET /api/document_statuses', 'POST /api/document_statuses', 'GET /api/members/:id/treasury_docs', 'POST /api/treasury_docs/:id/annul', 'POST /api/treasury_docs/download', 'POST /api/treasury_docs_statuses/bulk', 'GET /api/donations/modelo25', 'POST /api/donations']));
    expect(server.app.routeList.filter((r) => r.url.startsWith('/api/members') && r.enabledBy === 'hasTreasury').map((r) => r.url)).toEqual(['/api/members/:id/treasury_docs', '/api/members/:id/donations']);
    await server.database.db.updateTable('settings').set({ value: 'false' }).where('name', '=', 'hasTreasury').execute();
    try {
      for (const route of switched) {
        const [method, path] = route.split(' ') as [string, string];
        for (const who of CALLERS) {
          const response = await as(who, method, path.replace(/:\w+/g, String(ownMemberId)), method === 'GET' || method === 'DELETE' ? undefined : {});
          expect({ who, status: response.statusCode }, route).toEqual({ who, status: 404 });
        }
      }
      const explained = (await as('admin', 'GET', '/api/explainer')).json().data as Record<string, unknown>;
      expect(Object.keys(explained)).toContain('members');
      expect(Object.keys(explained).filter((name) => ['treasury_docs', 'document_statuses', 'donations'].includes(name))).toEqual([]);
    } finally {
      await server.database.db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'hasTreasury').execute();
    }
    expect(Object.keys((await as('admin', 'GET', '/api/explainer')).json().data)).toEqual(expect.arrayContaining(['treasury_docs', 'document_statuses', 'donations']));
  });

  for (const [resource, rules] of Object.entries(RULES)) {
    describe(resource, () => {
      it('list, read, validate', async () => {
        const id = await recordOf(resource);
        const lists: number[] = [];
        const exports: number[] = [];
        const reads: number[] = [];
        const validations: number[] = [];
        for (const who of CALLERS) {
          lists.push((await as(who, 'GET', `/api/${resource}`)).statusCode);
          exports.push((await as(who, 'GET', `/api/${resource}/export.csv?_columns=_id`)).statusCode);
          reads.push((await as(who, 'GET', `/api/${resource}/${id}`)).statusCode);
          // validate answers 200 (no errors) where create is allowed, with the create's denials otherwise.
          validations.push((await as(who, 'POST', `/api/${resource}/validate`, await bodies[resource]!())).statusCode);
        }
        expectStatuses('list', lists, rules.list ?? NO_ROUTE);
        expectStatuses('export', exports, rules.list ?? NO_ROUTE);
        expectStatuses('read', reads, rules.read ?? NO_ROUTE);
        expectStatuses('validate', validations, rules.validate ?? ((rules.create ?? NO_ROUTE).map((s) => (s === 201 ? 200 : s)) as unknown as Row5));
      });

      it('create, update, delete; a refused write changes nothing', async () => {
        const creates: number[] = [];
        const puts: number[] = [];
        const updates: number[] = [];
        const deletes: number[] = [];
        for (const who of CALLERS) {
          const before = await countRows(resource);
          const created = await as(who, 'POST', `/api/${resource}`, await bodies[resource]!());
          creates.push(created.statusCode);
          if (created.statusCode !== 201) expect(await countRows(resource), `${who} create changed nothing`).toBe(before);

          const id = await recordOf(resource);
          const stored = await rowOf(resource, id);
          const patch = await as(who, 'PATCH', `/api/${resource}/${id}`, patches[resource]!());
          updates.push(patch.statusCode);
          const current = (await as('admin', 'GET', `/api/${resource}/${id}`)).json().data ?? {};
          const put = await as(who, 'PUT', `/api/${resource}/${id}`, { ...withoutRecordFields(current), ...patches[resource]!() });
          puts.push(put.statusCode);
          if (patch.statusCode >= 400 && put.statusCode >= 400) expect(await rowOf(resource, id), `${who} update changed nothing`).toEqual(stored);

          const removed = await as(who, 'DELETE', `/api/${resource}/${id}`);
          deletes.push(removed.statusCode);
          if (removed.statusCode !== 204) expect(await rowOf(resource, id), `${who} delete changed nothing`).toBeTruthy();
          else expect(await rowOf(resource, id)).toBeUndefined();
        }
        expectStatuses('create', creates, rules.create ?? NO_ROUTE);
        expectStatuses('update (PATCH)', updates, rules.update ?? NO_ROUTE);
        expectStatuses('update (PUT)', puts, rules.update ?? NO_ROUTE);
        expectStatuses('delete', deletes, rules.delete ?? NO_ROUTE);
      });

      // The bulk routes check each row as the single update and delete do, so they answer alike (200 for a done delete).
      it('bulk update and bulk delete by ids; a refused one changes nothing', async () => {
        const updates: number[] = [];
        const deletes: number[] = [];
        for (const who of CALLERS) {
          const id = await recordOf(resource);
          const stored = await rowOf(resource, id);
          const updated = await as(who, 'POST', `/api/${resource}/bulk_update`, { ids: [id], changes: patches[resource]!() });
          updates.push(updated.statusCode);
          if (updated.statusCode >= 400) expect(await rowOf(resource, id), `${who} bulk update changed nothing`).toEqual(stored);
          const removed = await as(who, 'POST', `/api/${resource}/bulk_delete`, { ids: [id] });
          deletes.push(removed.statusCode === 200 ? 204 : removed.statusCode);
          if (removed.statusCode !== 200) expect(await rowOf(resource, id), `${who} bulk delete changed nothing`).toBeTruthy();
          else expect(await rowOf(resource, id)).toBeUndefined();
        }
        expectStatuses('bulk update', updates, rules.update ?? NO_ROUTE);
        expectStatuses('bulk delete', deletes, rules.delete ?? NO_ROUTE);
      });
    });
  }

  it("a record history is for administrators (a person's own record aside, below)", async () => {
    const histories = server.app.routeList.filter((r) => r.method === 'GET' && /^\/api\/\w+\/:id\/history$/.test(r.url));
    // Only what the API changes is in the audit trail: rows the server alone writes have no history.
    // Payment requests have no generic write either (their create is the collecting module's own route).
    // Messages have one: staff resending a message is audited on it.
    // Payment messages are a view over the outbox: what changes is the message, audited on it.
    const serverWritten = ['audit_log', 'jobs', 'payment_allocations', 'member_balances', 'payment_requests', 'reconciliation_import_lines', 'card_checkin_scans', 'payment_messages', 'assembly_attendance', 'assembly_ballots', 'assembly_convocations', 'consents'];
    expect(histories.map((r) => r.url).sort()).toEqual(Object.keys(RULES).filter((name) => !serverWritten.includes(name) && RULES[name]!.read).map((name) => `/api/${name}/:id/history`).sort());
    for (const route of histories) {
      const resource = /^\/api\/(\w+)\//.exec(route.url)![1]!;
      const id = await recordOf(resource);
      const statuses: number[] = [];
      for (const who of CALLERS) statuses.push((await as(who, 'GET', route.url.replace(':id', String(id)))).statusCode);
      expectStatuses(route.url, statuses, [401, 403, 403, 200, 403]);
    }
  });

  it('nested lists follow the child resource list rules', async () => {
    const nested = server.app.routeList.filter(
      (r) =>
        r.method === 'GET' &&
        /^\/api\/\w+\/:id\/\w+$/.test(r.url) &&
        !r.url.endsWith('/history') &&
        !(`GET ${r.url}` in FILE_ROUTES) &&
        !(`GET ${r.url}` in MEMBER_FILE_ROUTES) &&
        !(`GET ${r.url}` in MEMBER_LEDGER_ROUTES) &&
        // A record's own file (a treasury document's PDF) is checked with the other routes.
        !(`GET ${r.url}` in OTHER_ROUTES) &&
        // A record's own reads beside its actions (an application's duplicates) are checked with them.
        !(`GET ${r.url}` in RECORD_ACTIONS),
    );
    expect(nested.length).toBeGreaterThan(0);
    for (const route of nested) {
      const [, parent, child] = /^\/api\/(\w+)\/:id\/(\w+)$/.exec(route.url)!;
      const id = await anyId(parent!);
      const statuses: number[] = [];
      for (const who of CALLERS) statuses.push((await as(who, 'GET', `/api/${parent}/${id}/${child}`)).statusCode);
      expectStatuses(route.url, statuses, RULES[child!]!.list ?? NO_ROUTE);
    }
  });

  it('files: upload, address, content; a refused upload stores nothing', async () => {
    const countFiles = async () => (await server.database.db.selectFrom('files').select('_id').execute()).length;
    const uploads: number[] = [];
    for (const who of CALLERS) {
      const before = await countFiles();
      const response = await as(who, 'POST', '/api/files', PDF_UPLOAD.payload, PDF_UPLOAD.headers);
      uploads.push(response.statusCode);
      if (response.statusCode !== 201) expect(await countFiles(), `${who} upload stored nothing`).toBe(before);
    }
    expectStatuses('POST /api/files', uploads, FILE_ROUTES['POST /api/files']!);
    const id = await anyId('files');
    const addresses: number[] = [];
    for (const who of CALLERS) addresses.push((await as(who, 'GET', `/api/files/${id}/url`)).statusCode);
    expectStatuses('GET /api/files/:id/url', addresses, FILE_ROUTES['GET /api/files/:id/url']!);
    const { url } = (await as('admin', 'GET', `/api/files/${id}/url`)).json();
    const contents: number[] = [];
    for (const who of CALLERS) contents.push((await as(who, 'GET', url)).statusCode);
    expectStatuses('GET /api/files/:id/content', contents, FILE_ROUTES['GET /api/files/:id/content']!);
  });

  for (const [key, { request, expect: expected }] of Object.entries(MEMBER_FILE_ROUTES)) {
    it(key, async () => {
      const countRows = async () => (await server.database.db.selectFrom('member_files').select('_id').execute()).length;
      const statuses: number[] = [];
      for (const who of CALLERS) {
        const { url, payload, headers } = await request();
        const before = await countRows();
        const response = await as(who, key.split(' ')[0]!, url, payload, headers);
        statuses.push(response.statusCode);
        if (response.statusCode >= 400) expect(await countRows(), `${who} ${key} changed nothing`).toBe(before);
      }
      expectStatuses(key, statuses, expected);
    });
  }

  for (const [key, { payload, expect: expected }] of Object.entries(RECORD_ACTIONS)) {
    it(key, async () => {
      const [method, url] = key.split(' ');
      const resource = /^\/api\/(\w+)\//.exec(url!)![1]!;
      const statuses: number[] = [];
      for (const who of CALLERS) {
        const id = await recordOf(resource);
        const stored = await rowOf(resource, id);
        const response = await as(who, method!, url!.replace(':id', String(id)), payload ? await payload() : {});
        statuses.push(response.statusCode);
        if (response.statusCode >= 400) expect(await rowOf(resource, id), `${who} ${key} changed nothing`).toEqual(stored);
      }
      expectStatuses(key, statuses, expected);
    });
  }

  for (const [key, { url, own, other }] of Object.entries(MEMBER_LEDGER_ROUTES)) {
    it(key, async () => {
      const another = await adminCreate('members', await bodies.members!());
      for (const [member, expected] of [[ownMemberId, own], [another, other]] as const) {
        const statuses: number[] = [];
        for (const who of CALLERS) statuses.push((await as(who, 'GET', url(member))).statusCode);
        expectStatuses(`${key} (${member === ownMemberId ? "the member's own" : 'another member'})`, statuses, expected);
      }
    });
  }

  for (const [key, { payload, headers, expect: expected }] of Object.entries(OTHER_ROUTES)) {
    it(key, async () => {
      const [method, url] = key.split(' ');
      const statuses: number[] = [];
      for (const who of CALLERS) statuses.push((await as(who, method!, url!, payload, headers)).statusCode);
      expectStatuses(key, statuses, expected);
    });
  }
});

describe('a member and their own records', () => {
  it('reads and updates their own member and user record, and no other', async () => {
    const otherMember = await adminCreate('members', await bodies.members!());
    const otherUser = await server.createUser('member', { memberId: otherMember });
    expect((await as('member', 'GET', `/api/members/${ownMemberId}`)).statusCode).toBe(200);
    expect((await as('member', 'GET', `/api/users/${ownUserId}`)).statusCode).toBe(200);
    expect((await as('member', 'PATCH', `/api/members/${ownMemberId}`, { phone: '912345678' })).statusCode).toBe(200);
    expect((await as('member', 'PATCH', `/api/users/${ownUserId}`, { name: 'Nome Próprio' })).statusCode).toBe(200);
    expect((await as('member', 'GET', `/api/members/${ownMemberId}/history`)).statusCode).toBe(200);
    expect((await as('member', 'GET', `/api/users/${ownUserId}/history`)).statusCode).toBe(200);

    expect((await as('member', 'GET', `/api/members/${otherMember}`)).statusCode).toBe(403);
    expect((await as('member', 'GET', `/api/users/${otherUser.id}`)).statusCode).toBe(403);
    expect((await as('member', 'GET', `/api/members/${otherMember}/history`)).statusCode).toBe(403);
    expect((await as('member', 'GET', `/api/users/${otherUser.id}/history`)).statusCode).toBe(403);
    expect((await as('member', 'PATCH', `/api/members/${otherMember}`, { phone: '912345678' })).statusCode).toBe(403);
    expect((await as('member', 'GET', `/api/members?_search=S%C3%B3cio`)).statusCode).toBe(403);
    const stateOfOther = (await rowOf('members', otherMember))!.state;
    expect((await as('member', 'GET', `/api/member_states/${String(stateOfOther)}/members`)).statusCode).toBe(403);
  });

  it('cannot change their number, state or role', async () => {
    const before = await rowOf('members', ownMemberId);
    const otherState = Number((await server.database.db.selectFrom('member_states').select('_id').where('_id', '!=', Number(before!.state)).executeTakeFirstOrThrow())._id);
    for (const patch of [{ number: 99999 }, { state: otherState }]) {
      const response = await as('member', 'PATCH', `/api/members/${ownMemberId}`, patch);
      expect(response.statusCode, JSON.stringify(patch)).toBeGreaterThanOrEqual(400);
    }
    const role = await as('member', 'PATCH', `/api/users/${ownUserId}`, { role: 'admin' });
    expect(role.statusCode).toBeGreaterThanOrEqual(400);
    const after = await rowOf('members', ownMemberId);
    expect({ number: after!.number, state: after!.state }).toEqual({ number: before!.number, state: before!.state });
    expect((await rowOf('users', ownUserId))!.role).toBe('member');
  });
});

async function countRows(resource: string): Promise<number> {
  const row = await loose(server.database.db).selectFrom(resource).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function rowOf(resource: string, id: number) {
  return loose(server.database.db).selectFrom(resource).selectAll().where('_id', '=', id).executeTakeFirst();
}

function withoutRecordFields(record: Record<string, unknown>) {
  const { _id, created_at, updated_at, ...rest } = record;
  void _id;
  void created_at;
  void updated_at;
  return rest;
}

/** A record of `resource` made as its writer would: the API, or the server for what only it writes. */
async function recordOf(resource: string): Promise<number> {
  if (resource === 'messages') return seedMessage();
  if (resource === 'audit_log') return seedAuditEntry();
  if (resource === 'jobs') return seedJob();
  if (resource === 'reminder_decisions') return seedReminderDecision();
  if (resource === 'payment_messages') return seedPaymentMessage();
  if (resource === 'payment_links') return seedPaymentLink();
  if (resource === 'membership_cards') return seedCard();
  if (resource === 'card_checkin_scans') return seedScan();
  if (resource === 'treasury_docs') return seedTreasuryDoc();
  if (resource === 'consents') return seedConsent();
  if (resource === 'assembly_attendance' || resource === 'assembly_ballots' || resource === 'assembly_convocations') return seedAssemblyRow(resource);
  if (resource in LEDGER_ROWS) return LEDGER_ROWS[resource]!();
  return adminCreate(resource, await bodies[resource]!());
}

/** Another member's card, issued under the years rule (no paid quota needed). */
async function seedCard(): Promise<number> {
  await server.database.db.updateTable('settings').set({ value: 'years' }).where('name', '=', 'cardValidityRule').execute();
  const category = await adminCreate('fee_categories', { name: `Categoria ${unique()}` });
  const member = await adminCreate('members', { ...(await bodies.members!()), dues_exempt: false, admission_date: '2025-01-01', fee_category: category });
  const issued = await as('admin', 'POST', '/api/membership_cards/issue', { member });
  if (issued.statusCode !== 200) throw new Error(`setup card: ${issued.statusCode} ${issued.body}`);
  return Number(issued.json().data._id);
}

/** Another member's consent, recorded by staff as one given on paper. */
async function seedConsent(): Promise<number> {
  const member = await adminCreate('members', await bodies.members!());
  const recorded = await as('admin', 'POST', `/api/members/${member}/consents`, { purpose: 'newsletter', granted: true });
  if (recorded.statusCode !== 200) throw new Error(`setup consent: ${recorded.statusCode} ${recorded.body}`);
  const row = await server.database.db.selectFrom('consents').select('_id').where('member', '=', member).executeTakeFirstOrThrow();
  return Number(row._id);
}

/** Another member's receipt: recording a payment issues it (the treasury is on). */
async function seedTreasuryDoc(): Promise<number> {
  const payment = await LEDGER_ROWS.payments!();
  const link = await server.database.db.selectFrom('treasury_doc_payments').select('doc').where('payment', '=', payment).executeTakeFirstOrThrow();
  return Number(link.doc);
}

/** A row only an assembly's actions write, stored as they store it (the actions' own states are test/server/assemblies-*). */
async function seedAssemblyRow(resource: 'assembly_attendance' | 'assembly_ballots' | 'assembly_convocations'): Promise<number> {
  const assembly = await adminCreate('assemblies', await bodies.assemblies!());
  const member = await adminCreate('members', await bodies.members!());
  const at = new Date().toISOString();
  const record = { created_at: at, updated_at: at, _version: 1 };
  const db = loose(server.database.db);
  const row =
    resource === 'assembly_attendance'
      ? { assembly, member, position: 1, at, via: 'name', has_vote: 1 }
      : resource === 'assembly_ballots'
        ? { item: await adminCreate('assembly_items', { assembly, position: 1, title: 'Contas', majority: 'ordinary' }), member, choice: 'for', cast_by: member, at }
        : { assembly, member, channel: 'post', sent_at: at, recipient: 'Rua da Sede, 1', name: 'Sócio' };
  const inserted = await db.insertInto(resource).values({ ...row, ...record }).returning('_id').executeTakeFirstOrThrow();
  return Number(inserted._id);
}

/** A scan of an unknown code in a new check-in session. */
async function seedScan(): Promise<number> {
  const session = await adminCreate('card_checkins', await bodies.card_checkins!());
  const scanned = await as('admin', 'POST', `/api/card_checkins/${session}/scan`, { input: '0000-0000-00000' });
  if (scanned.statusCode !== 200) throw new Error(`setup scan: ${scanned.statusCode} ${scanned.body}`);
  return Number(scanned.json().data._id);
}

/** Another member's ledger row, made through the staff actions that write the ledger. */
const LEDGER_ROWS: Record<string, () => Promise<number>> = {
  // A balance exists once the member owes something; its id is the member's.
  member_balances: async () => Number((await rowOf('unsettled_payments', await LEDGER_ROWS.unsettled_payments!()))!.member),
  unsettled_payments: async () => {
    const member = await adminCreate('members', await bodies.members!());
    const raised = await as('admin', 'POST', '/api/unsettled_payments/raise', { member, kind: 'other', year: 2026, amount: 1000, due_date: '2026-12-31', description: 'Jantar' });
    if (raised.statusCode !== 200) throw new Error(`setup raise: ${raised.statusCode} ${raised.body}`);
    return Number(raised.json().data._id);
  },
  payments: async () => (await paymentOnNewDebt()).payment,
  // A Multibanco reference for another member's new debt, from a local entity set for the purpose.
  payment_requests: async () => {
    for (const [name, value] of [['multibancoEntity', '99999'], ['multibancoSubEntity', '999']] as const) {
      await server.database.db.updateTable('settings').set({ value }).where('name', '=', name).execute();
    }
    const debt = await LEDGER_ROWS.unsettled_payments!();
    const { member } = (await rowOf('unsettled_payments', debt))!;
    const created = await as('admin', 'POST', '/api/payment_requests', { member, debts: [debt], method: 'multibanco' });
    if (created.statusCode !== 201) throw new Error(`setup payment request: ${created.statusCode} ${created.body}`);
    return Number(created.json().data._id);
  },
  direct_debit_batches: async () => (await directDebitBatch()).batch,
  // An import of a one-line bank statement that matches nothing (each one different: the same file is imported once).
  reconciliation_imports: async () => {
    const csv = `Data;Descrição;Valor\n20/11/2026;Transferência ${unique()};12,50\n`;
    const uploaded = await as('admin', 'POST', '/api/files?kind=statement', `--b\r\nContent-Disposition: form-data; name="file"; filename="extrato.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--b--\r\n`, PDF_UPLOAD.headers);
    if (uploaded.statusCode !== 201) throw new Error(`setup statement: ${uploaded.statusCode} ${uploaded.body}`);
    const confirmed = await as('admin', 'POST', '/api/reconciliation_imports/confirm', { file: Number(uploaded.json().data._id) });
    if (confirmed.statusCode !== 200) throw new Error(`setup import: ${confirmed.statusCode} ${confirmed.body}`);
    return Number(confirmed.json().data.import._id);
  },
  reconciliation_import_lines: async () => {
    const imported = await LEDGER_ROWS.reconciliation_imports!();
    const row = await server.database.db.selectFrom('reconciliation_import_lines').select('_id').where('reconciliation_import', '=', imported).executeTakeFirstOrThrow();
    return Number(row._id);
  },
  direct_debit_items: async () => (await directDebitBatch()).item,
  payment_allocations: async () => {
    const { payment } = await paymentOnNewDebt();
    const row = await server.database.db.selectFrom('payment_allocations').select('_id').where('payment', '=', payment).executeTakeFirstOrThrow();
    return Number(row._id);
  },
};

/** A payment of 4,00 € on a new 10,00 € debt of another member (so it is allocated, and the debt stays open). */
async function paymentOnNewDebt(): Promise<{ payment: number; member: number }> {
  const debt = await LEDGER_ROWS.unsettled_payments!();
  const { member } = (await rowOf('unsettled_payments', debt))!;
  const paid = await as('admin', 'POST', '/api/payments/record', { member, date: '2026-11-20', amount: 400, method: 'numerario', debts: [debt] });
  if (paid.statusCode !== 200) throw new Error(`setup payment: ${paid.statusCode} ${paid.body}`);
  return { payment: Number(paid.json().data.payment._id), member: Number(member) };
}

/** A batch of one pending direct debit (a new member, mandate and debt), with the creditor set up. */
async function directDebitBatch(): Promise<{ batch: number; item: number }> {
  for (const [name, value] of [['sepaCreditorId', 'PT73ZZZ123456'], ['associationIban', 'PT50000201231234567890154'], ['name', 'Associação de Teste']] as const) {
    const row = await server.database.db.selectFrom('settings').select('_id').where('name', '=', name).executeTakeFirst();
    const answer = row ? await as('admin', 'PATCH', `/api/settings/${Number(row._id)}`, { value }) : await as('admin', 'POST', '/api/settings', { name, value });
    if (answer.statusCode >= 400) throw new Error(`setup setting ${name}: ${answer.statusCode} ${answer.body}`);
  }
  const debt = await LEDGER_ROWS.unsettled_payments!();
  const { member } = (await rowOf('unsettled_payments', debt))!;
  await adminCreate('sepa_mandates', { member, iban: 'PT50000201231234567890154', reference: `M-${unique()}`, signature_date: '2025-10-01' });
  const collection = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const prepared = await as('admin', 'POST', '/api/direct_debit_batches/prepare', { collection_date: collection, debts: [debt] });
  if (prepared.statusCode !== 200) throw new Error(`setup batch: ${prepared.statusCode} ${prepared.body}`);
  const batch = Number(prepared.json().data.batch._id);
  const item = await server.database.db.selectFrom('direct_debit_items').select('_id').where('batch', '=', batch).executeTakeFirstOrThrow();
  return { batch, item: Number(item._id) };
}

async function seedAuditEntry(): Promise<number> {
  await recordAudit(server.database.db, {
    at: Date.now(), actor: { kind: 'system', name: 'Teste' }, address: null, resource: 'members', recordId: ownMemberId, action: 'update', changes: {},
  });
  const row = await server.database.db.selectFrom('audit_log').select('_id').orderBy('_id', 'desc').executeTakeFirstOrThrow();
  return Number(row._id);
}

async function seedJob(): Promise<number> {
  const job = await enqueueJob(server.database.db, { name: 'dues.generate', key: `matrix:${unique()}` }, Date.now());
  return job._id;
}

async function seedReminderDecision(): Promise<number> {
  const member = await adminCreate('members', await bodies.members!());
  const stage = await adminCreate('reminder_stages', await bodies.reminder_stages!());
  const stamp = new Date().toISOString();
  const row = await server.database.db
    .insertInto('reminder_decisions')
    .values({ member, stage, debt_set: '1', day: stamp.slice(0, 10), decision: 'awaiting', debts: 1, total: 1000, created_at: stamp, updated_at: stamp })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return Number(row._id);
}

/** Another member's reminder, sent: its message is a payment message of the same id. */
async function seedPaymentMessage(): Promise<number> {
  const message = await seedMessage();
  await server.database.db.updateTable('reminder_decisions').set({ decision: 'sent', message }).where('_id', '=', await seedReminderDecision()).execute();
  return message;
}

async function seedPaymentLink(): Promise<number> {
  const member = await adminCreate('members', await bodies.members!());
  await issuePaymentLink(server.database.db, { member, purpose: `matrix:${unique()}`, now: Date.now() });
  const row = await server.database.db.selectFrom('payment_links').select('_id').where('member', '=', member).executeTakeFirstOrThrow();
  return Number(row._id);
}

async function seedMessage(): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await server.database.db
    .insertInto('messages')
    .values({ recipient: 'a@exemplo.pt', subject: 'x', body: 'x', status: 'pending', attempts: 0, created_at: stamp, updated_at: stamp })
    .returning('_id')
    .executeTakeFirstOrThrow();
  return Number(row._id);
}
