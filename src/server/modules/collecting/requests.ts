import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { STAFF_ROLES, type ApiRecord } from '../../../core/contract.js';
import { diffRecords, recordAudit, type AuditActor } from '../../audit/record.js';
import type { Db, Row } from '../../db/database.js';
import { coded, HttpError, invalidRecord } from '../../errors.js';
import { objectBody } from '../../request-body.js';
import { translateDbError } from '../../resources/db-errors.js';
import { defineResource } from '../../resources/define.js';
import { owningUsers, publishChange } from '../../resources/events.js';
import { commitQueue } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { readRow, toRecord } from '../../resources/records.js';
import { prepareWrite } from '../../resources/validate.js';
import { readSetting } from '../../settings/read.js';
import type { ServerContext } from '../../context.js';
import { householdPayingMember, lockHousehold, lockMember, OWING } from '../dues/public.js';
import { expireOverdue } from './expiry.js';
import { quoteHousehold } from './household-scope.js';
import { ifthenpayProvider } from './ifthenpay.js';
import { localProvider } from './local-provider.js';
import { MAX_REFERENCE_CENTS, portugueseMobile } from './multibanco.js';
import { paymentRequests, REQUEST_METHODS, type RequestMethod } from './payment-requests.js';
import { ProviderError, type IssuedReference, type PaymentProvider } from './provider.js';

const DAY_MS = 86_400_000;
const NO_ACCESS = { list: [], read: [], create: [], update: [], delete: [] } as const;

/** What staff send to POST /api/payment_requests, checked like record fields (422 in pt-PT). */
const REQUEST_INPUT = defineResource({
  name: 'payment_requests',
  label: 'Novo pedido de pagamento',
  labelSingular: 'Novo pedido de pagamento',
  access: NO_ACCESS,
  fields: [
    // A member's debts, or a household's (issue 34): exactly one of the two.
    { name: 'member', type: 'reference', ref: 'members', label: 'Sócio' },
    { name: 'household', type: 'reference', ref: 'households', label: 'Agregado' },
    { name: 'debts', type: 'references', ref: 'unsettled_payments', label: 'Dívidas a pagar', validation: { required: true } },
    { name: 'method', type: 'enum', label: 'Meio de pagamento', options: REQUEST_METHODS, validation: { required: true } },
    { name: 'phone', type: 'string', label: 'Telemóvel (MB WAY)', validation: { maxLength: 30 } },
  ],
});

/** The provider in use: ifthenpay when configured, else the association's own references (null: neither). */
export async function currentProvider(ctx: Pick<ServerContext, 'config'>, db: Db): Promise<PaymentProvider | null> {
  if (ctx.config.ifthenpay) return ifthenpayProvider(ctx.config.ifthenpay);
  const entity = await readSetting(db, 'multibancoEntity');
  const subEntity = await readSetting(db, 'multibancoSubEntity');
  return entity && subEntity ? localProvider(entity, subEntity) : null;
}

/**
 * The open amount of the chosen debts, all the member's (or, for a household's request, any of
 * the household's: household-scope.ts) and still owing; a field error otherwise.
 */
export async function quote(db: Db, member: number, debts: readonly number[], household: number | null = null): Promise<number> {
  if (household !== null) return quoteHousehold(db, household, debts);
  const rows = await db
    .selectFrom('unsettled_payments')
    .select(['_id', sql<number>`amount - paid`.as('open')])
    .where('_id', 'in', debts.length > 0 ? debts : [0])
    .where('member', '=', member)
    .where('status', 'in', OWING)
    .execute();
  if (rows.length !== debts.length) throw invalidRecord({ debts: 'Só pode escolher dívidas em aberto deste sócio.' });
  return rows.reduce((sum, row) => sum + Number(row.open), 0);
}

/**
 * POST /api/payment_requests: checks the input and the debts, asks the provider for a reference
 * or an MB WAY push (a remote provider before the transaction, so no network call holds it open),
 * then stores the request and its debts in one transaction. Nothing is stored on any refusal.
 */
interface CheckedInput {
  errors: Record<string, string>;
  member: number;
  /** A household's request: its payer (or holder) is `member`. */
  household: number | null;
  method: RequestMethod;
  debts: number[];
  phone: string | null;
  provider: PaymentProvider | null;
  amount: number;
}

/** Every check of a new request short of the provider and the transaction: field errors by name, in pt-PT. */
async function checkInput(app: FastifyInstance, request: FastifyRequest): Promise<CheckedInput> {
  const { db } = app.ctx.database;
  authorize(paymentRequests, request.caller, STAFF_ROLES);
  const prepared = await prepareWrite(db, REQUEST_INPUT, request.caller, objectBody(request), 'create', undefined, app.registry);
  const { errors } = prepared;
  const named = prepared.values.member === null || prepared.values.member === undefined ? null : Number(prepared.values.member);
  const household = prepared.values.household === null || prepared.values.household === undefined ? null : Number(prepared.values.household);
  if (!errors.member && !errors.household) {
    if (named === null && household === null) errors.member = 'Indique o sócio ou o agregado que paga.';
    else if (named !== null && household !== null) errors.household = 'Indique o sócio ou o agregado que paga, não os dois.';
  }
  let member = named ?? 0;
  if (household !== null && !errors.household) {
    // The request is the member's the ledger will record the payment on: the payer, or the household's first member.
    try {
      member = await householdPayingMember(db, household);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
      Object.assign(errors, error.fieldErrors);
    }
  }
  const method = prepared.values.method as RequestMethod;
  const debts = prepared.links.debts ?? [];
  let phone: string | null = null;
  if (!errors.phone && method === 'mbway') {
    phone = portugueseMobile(String(prepared.values.phone ?? ''));
    if (!phone) errors.phone = 'Indique um telemóvel português para o MB WAY: 9 algarismos começados por 91, 92, 93 ou 96.';
  }
  const provider = await currentProvider(app.ctx, db);
  if (!errors.method && !provider) errors.method = 'Configure a entidade e a subentidade Multibanco da associação (ou um fornecedor de pagamentos) antes de pedir pagamentos.';
  if (!errors.method && method === 'mbway' && provider?.local) errors.method = 'O MB WAY precisa de um fornecedor de pagamentos configurado: use uma referência Multibanco.';
  let amount = 0;
  if (!errors.member && !errors.household && !errors.debts) {
    try {
      amount = await quote(db, member, debts, household);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fieldErrors) throw error;
      Object.assign(errors, error.fieldErrors);
    }
    if (!errors.debts && method === 'multibanco' && amount > MAX_REFERENCE_CENTS) errors.debts = 'O total excede o máximo de uma referência Multibanco (999 999,99 €): escolha menos dívidas.';
  }
  return { errors, member, household, method, debts, phone, provider, amount };
}

/** POST /api/payment_requests/validate: the create's checks, nothing asked of the provider, nothing stored. */
export async function validatePaymentRequest(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, string>> {
  return (await checkInput(app, request)).errors;
}

/**
 * POST /api/payment_requests: checks the input and the debts, asks the provider for a reference
 * or an MB WAY push (a remote provider before the transaction, so no network call holds it open),
 * then stores the request and its debts in one transaction. Nothing is stored on any refusal.
 */
export async function createPaymentRequest(app: FastifyInstance, request: FastifyRequest): Promise<ApiRecord> {
  const { ctx } = app;
  const { caller } = request;
  const checked = await checkInput(app, request);
  if (Object.keys(checked.errors).length > 0) throw invalidRecord(checked.errors);
  const { member, household, method, debts, phone, amount } = checked;

  const saved = await openPaymentRequest(ctx, {
    member,
    household,
    debts,
    method,
    phone,
    amount,
    provider: checked.provider!,
    actor: caller,
    createdBy: caller.kind === 'user' ? caller.id : null,
    address: request.ip ?? null,
    forLetter: true,
  });
  return toRecord(paymentRequests, saved, caller);
}

/** A request already checked (the member's open debts, their amount, method, phone, provider), ready to be opened. */
export interface CheckedRequest {
  member: number;
  /** A household's request (issue 34): debts of any of its members, `member` its payer or holder; null or absent: the member's own. */
  household?: number | null;
  debts: readonly number[];
  method: RequestMethod;
  phone: string | null;
  /** The debts' open amount in cents, as quoted before the transaction: a change since is a 409. */
  amount: number;
  provider: PaymentProvider;
  actor: AuditActor;
  createdBy: number | null;
  address: string | null;
  /** Asked for by staff to print or send (Pedir pagamento): the reference lives letterReferenceDays. */
  forLetter?: boolean;
  /** More work in the request's transaction once it is stored (the payment link that asked for it). */
  within?: (trx: Db, id: number) => Promise<void>;
}

/**
 * An MB WAY push waits 4 minutes for the payer at ifthenpay (then its status is 101, expired):
 * the request lives a minute longer for the callback, then reads as expired, so the payment
 * page offers to try again instead of waiting days for a push nobody can answer any more.
 */
const MBWAY_WINDOW_MS = 5 * 60_000;

/**
 * How long a request opened at `now` stays payable: MB WAY's window; a reference for a letter or a
 * reminder (asked for by staff or sent in a message: it must outlive the post), setting
 * letterReferenceDays; one the member asks for online, paymentRequestDays.
 */
export async function requestExpiry(db: Db, now: number, method: RequestMethod = 'multibanco', forLetter = false): Promise<{ days: number; at: string }> {
  const days = await readSetting(db, forLetter ? 'letterReferenceDays' : 'paymentRequestDays');
  return { days, at: new Date(now + (method === 'mbway' ? MBWAY_WINDOW_MS : days * DAY_MS)).toISOString() };
}

/** A request to store in the caller's transaction, its debts already checked against its amount with the member locked. */
export interface RequestToStore extends Pick<CheckedRequest, 'member' | 'household' | 'debts' | 'method' | 'phone' | 'amount' | 'provider' | 'actor' | 'createdBy' | 'address'> {
  now: number;
  expiry: { days: number; at: string };
  /** The request's unique id at the provider (provider_order). */
  orderId: string;
  /** What a remote provider issued before the transaction; null for local references (issued here). */
  issued: IssuedReference | { providerId: string } | null;
}

/**
 * Stores a request and its debts in `trx` (a local reference takes its sequence here) and audits
 * it; the caller publishes the change after its commit. Answers the stored row.
 */
export async function storePaymentRequest(trx: Db, input: RequestToStore): Promise<Row> {
  const { member, method, phone, amount, provider, expiry, orderId, now } = input;
  const debts = [...input.debts];
  const stamp = new Date(now).toISOString();
  // Requests past their time no longer hold their reference (the hourly collecting.expire job may not have run yet).
  await expireOverdue(trx, now);
  const reference = provider.local ? await provider.createReference(debts, amount, expiry, { orderId, db: trx }) : input.issued!;
  const multibanco = 'reference' in reference ? reference : null;
  const row = await trx
    .insertInto('payment_requests')
    .values({
      member,
      household: input.household ?? null,
      method,
      amount,
      entity: multibanco?.entity ?? null,
      reference: multibanco?.reference ?? null,
      phone,
      sub_entity: multibanco?.subEntity ?? null,
      sequence: multibanco?.sequence ?? null,
      expires_at: expiry.at,
      state: 'pending',
      provider: provider.name,
      provider_order: orderId,
      provider_id: reference.providerId,
      created_by: input.createdBy,
      created_at: stamp,
      updated_at: stamp,
      _version: 1,
    })
    .returning('_id')
    .executeTakeFirstOrThrow();
  const id = Number(row._id);
  await trx.insertInto('payment_request_debts').values(debts.map((debt) => ({ request: id, debt }))).execute();
  const after = (await readRow(trx, paymentRequests, id))!;
  await recordAudit(trx, { at: now, actor: input.actor, address: input.address, resource: paymentRequests.name, recordId: id, action: 'create', changes: diffRecords(paymentRequests, undefined, after) });
  return after;
}

/**
 * Opens a checked request: asks the provider for a reference or an MB WAY push (a remote
 * provider before the transaction, so no network call holds it open), then stores the request
 * and its debts in one transaction. Nothing is stored on any refusal. Answers the stored row.
 */
export async function openPaymentRequest(ctx: ServerContext, input: CheckedRequest): Promise<Row> {
  const { db } = ctx.database;
  const { member, method, phone, amount, provider } = input;
  const debts = [...input.debts];
  const now = ctx.now();
  const expiry = await requestExpiry(db, now, method, input.forLetter ?? false);
  const orderId = randomBytes(6).toString('hex');
  let issued: IssuedReference | { providerId: string } | null = null;
  if (!provider.local) {
    try {
      issued = method === 'multibanco' ? await provider.createReference(debts, amount, expiry, { orderId, db }) : await provider.requestMbway(phone!, amount, { orderId });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.warn(`[collecting] ${provider.name}: ${error.message}`);
      throw coded(502, 'bad_gateway', 'O fornecedor de pagamentos não respondeu como esperado. Nada foi registado: tente de novo dentro de momentos.');
    }
  }

  const deferred = commitQueue();
  let saved: Row;
  try {
    saved = await db.transaction().execute(async (trx) => {
      const household = input.household ?? null;
      if (household === null) await lockMember(trx, ctx.database.engine, member);
      else await lockHousehold(trx, ctx.database.engine, household);
      if ((await quote(trx, member, debts, household)) !== amount) throw coded(409, 'conflict', 'As dívidas escolhidas mudaram entretanto. Nada foi registado: volte a escolhê-las.');
      const after = await storePaymentRequest(trx, { ...input, debts, now, expiry, orderId, issued });
      await input.within?.(trx, Number(after._id));
      deferred.add(async () => publishChange(ctx.bus, paymentRequests, { action: 'created', id: Number(after._id) }, await owningUsers(db, paymentRequests, [after], ctx.now())));
      return after;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw translateDbError(error, paymentRequests);
  }
  await deferred.run();
  return saved;
}
