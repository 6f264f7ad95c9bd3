import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStaff } from '../../auth/caller.js';
import { forbidden, invalidRecord, tooManyRequests, unauthorized } from '../../errors.js';
import { objectBody } from '../../request-body.js';
import { toRecord } from '../../resources/records.js';
import { createRateLimiter } from '../../edges/rate-limit.js';
import { checkPayerChoice } from './payer-choice.js';
import { availableMethods, transferOption } from './payment-options.js';
import { payerHouseholdDebts } from './household-scope.js';
import { paymentRequests } from './payment-requests.js';
import { currentProvider, openPaymentRequest } from './requests.js';
import { OWN_HOUSEHOLD_DEBTS_DOC, OWN_REQUEST_DOC, PAYMENT_OPTIONS_DOC } from './route-docs.js';
import { owedDay } from '../dues/public.js';

/** Requests a member may open for themselves per hour: each may reach the provider (an MB WAY push rings their phone). */
export const OWN_REQUESTS_LIMIT = { max: 10, windowMs: 3_600_000 } as const;

function tooMany(reply: FastifyReply, waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return tooManyRequests(`Já fez muitos pedidos de pagamento. Aguarde ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} e tente novamente.`);
}

/**
 * A member pays their own debts from their dashboard: the ways to pay the association takes now
 * (GET /api/payment_options) and a payment request for debts of their own (POST
 * /api/payment_requests/own), followed like any request they may read (its state changes are
 * published to them). The member is the caller's own, never one named in the request. A
 * household's payer also reads the household's debts (GET /api/own/household_debts) and asks
 * one request for them (`household` in the body): the request is still the payer's own.
 */
export function ownPaymentRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const perMember = createRateLimiter(ctx, 'collecting.own-requests', OWN_REQUESTS_LIMIT);

  app.get('/payment_options', { config: { openapi: PAYMENT_OPTIONS_DOC } }, async (request: FastifyRequest<{ Querystring: { member?: string } }>) => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    // Staff may ask about a member (the description of that member's transfer); anyone else, their own.
    const asked = isStaff(caller) && /^\d{1,10}$/.test(request.query.member ?? '') ? Number(request.query.member) : null;
    const member = asked ?? caller.memberId;
    return { data: { methods: await availableMethods(ctx, db), transfer: await transferOption(db, member) } };
  });

  app.post('/payment_requests/own', { config: { openapi: OWN_REQUEST_DOC } }, async (request, reply) => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    if (caller.kind !== 'user' || caller.memberId === null) throw forbidden('A sua conta não está associada a nenhuma ficha de sócio: não há dívidas suas a pagar.');
    const member = caller.memberId;
    const choice = await checkPayerChoice(ctx, db, member, objectBody(request));
    if (Object.keys(choice.errors).length > 0) throw invalidRecord(choice.errors);
    const wait = await perMember.hit(String(member), ctx.now());
    if (wait > 0) throw tooMany(reply, wait);
    const saved = await openPaymentRequest(ctx, {
      member,
      household: choice.household,
      debts: choice.debts,
      method: choice.method,
      phone: choice.phone,
      amount: choice.amount,
      provider: (await currentProvider(ctx, db))!,
      actor: caller,
      createdBy: caller.id,
      address: request.ip ?? null,
    });
    return reply.status(201).send({ data: toRecord(paymentRequests, saved, caller) });
  });

  app.get('/own/household_debts', { config: { openapi: OWN_HOUSEHOLD_DEBTS_DOC } }, async (request, reply) => {
    const { caller } = request;
    if (caller.kind === 'anonymous') throw unauthorized();
    reply.header('cache-control', 'private, no-store');
    // An account without a member record pays for no household.
    if (caller.kind !== 'user' || caller.memberId === null) return { data: [] };
    return { data: await payerHouseholdDebts(db, caller.memberId, owedDay(ctx.now())) };
  });
}
