import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { addressKey } from '../../auth/throttle.js';
import type { Row } from '../../db/database.js';
import { coded, invalidRecord, tooManyRequests } from '../../errors.js';
import { objectBody } from '../../request-body.js';
import { readSetting } from '../../settings/read.js';
import { availableMethods, checkPayerChoice, currentProvider, openPaymentRequest, payerHouseholdDebts, type RequestMethod, transferOption } from '../collecting/public.js';
import { isOwed, owedDay, OWING } from '../dues/public.js';
import { createRateLimiter } from '../../edges/rate-limit.js';
import { PAYMENT_INFO_DOC, PAYMENT_INFO_REQUEST_DOC, PAYMENT_INFO_REQUEST_STATE_DOC } from './route-docs.js';
import { hashToken, liveLink } from './tokens.js';

/** Requests per minute to these routes from one address (all tokens), and for one token (all addresses). */
export const PAYMENT_INFO_LIMITS = {
  perAddress: { max: 120, windowMs: 60_000 },
  perToken: { max: 60, windowMs: 60_000 },
  /** Payment requests made through one link per hour: each may reach the provider. */
  requestsPerToken: { max: 10, windowMs: 3_600_000 },
} as const;

/** Headers every answer of these routes carries: the page's address holds a secret. */
function privatePageHeaders(reply: FastifyReply): void {
  reply.header('x-robots-tag', 'noindex, nofollow');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', 'no-store');
}

const invalidLink = () =>
  coded(404, 'payment_link_invalid', 'Esta ligação de pagamento não é válida: pode ter expirado ou sido revogada. Peça uma nova ligação à associação.');

function tooMany(reply: FastifyReply, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(`Demasiados pedidos. Aguarde ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} e tente novamente.`);
}

/** What the public page may know of a payment request: no member, phone or provider. */
function requestView(row: Row, now: number) {
  const expired = row.state === 'pending' && String(row.expires_at) <= new Date(now).toISOString();
  return {
    id: Number(row._id),
    method: String(row.method) as RequestMethod,
    state: expired ? 'expired' : String(row.state),
    amount: Number(row.amount),
    entity: (row.entity as string | null) ?? null,
    reference: (row.reference as string | null) ?? null,
    expires_at: String(row.expires_at),
    paid_at: (row.paid_at as string | null) ?? null,
  };
}

/** The page names people by first name only: `Ana Maria Silva` -> `Ana`. */
const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

const REQUEST_COLUMNS = ['r._id', 'r.method', 'r.state', 'r.amount', 'r.entity', 'r.reference', 'r.expires_at', 'r.paid_at'] as const;

/**
 * The public payment-information API behind /informacaoDePagamento/{token}: no login, the
 * token is the proof. Unknown, expired and revoked tokens get one and the same 404.
 */
export function paymentLinkRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const perAddress = createRateLimiter(ctx, 'payment-links.address', PAYMENT_INFO_LIMITS.perAddress);
  const perToken = createRateLimiter(ctx, 'payment-links.token', PAYMENT_INFO_LIMITS.perToken);
  const requestsPerToken = createRateLimiter(ctx, 'payment-links.requests', PAYMENT_INFO_LIMITS.requestsPerToken);

  /** Headers first (so refusals carry them too), then the limits, then the link. */
  async function open(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply): Promise<Row> {
    const now = ctx.now();
    const waitAddress = await perAddress.hit(addressKey(request.ip), now);
    if (waitAddress > 0) throw tooMany(reply, waitAddress);
    const waitToken = await perToken.hit(hashToken(request.params.token), now);
    if (waitToken > 0) throw tooMany(reply, waitToken);
    const link = await liveLink(db, request.params.token, now);
    if (!link) throw invalidLink();
    return link;
  }

  const onRequest = async (_request: FastifyRequest, reply: FastifyReply) => privatePageHeaders(reply);

  app.get<{ Params: { token: string } }>('/payment_info/:token', { onRequest, config: { public: true, openapi: PAYMENT_INFO_DOC } }, async (request, reply) => {
    const link = await open(request, reply);
    const member = Number(link.member);
    const now = ctx.now();
    const person = await db.selectFrom('members').select('name').where('_id', '=', member).executeTakeFirstOrThrow();
    const debts = await db
      .selectFrom('unsettled_payments')
      .select(['_id', 'description', 'due_date', 'status', sql<number>`amount - paid`.as('open')])
      .where('member', '=', member)
      .where('status', 'in', OWING)
      .orderBy('due_date')
      .orderBy('_id')
      .execute();
    const latest = await db
      .selectFrom('payment_link_requests as l')
      .innerJoin('payment_requests as r', 'r._id', 'l.request')
      .select(REQUEST_COLUMNS)
      .where('l.link', '=', Number(link._id))
      .orderBy('r._id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await db.updateTable('payment_links').set({ last_used_at: new Date(now).toISOString() }).where('_id', '=', Number(link._id)).execute();
    // Every open debt may be paid; `owed` says which are due (owed.ts), and the total is theirs only.
    const today = owedDay(now);
    const payable = debts.map((debt) => ({ id: Number(debt._id), description: String(debt.description), due_date: String(debt.due_date), open_amount: Number(debt.open), owed: isOwed(debt, today) }));
    // The households this member pays for (issue 34): their members' debts, one reference for the
    // chosen ones. Each member by first name and number, as this page names the payer (RGPD minimum).
    const households = (await payerHouseholdDebts(db, member, today)).map((household) => ({
      ...household,
      debts: household.debts.map((debt) => ({ ...debt, member: { ...debt.member, name: firstName(debt.member.name) } })),
    }));
    return {
      data: {
        association: await readSetting(db, 'name'),
        first_name: firstName(String(person.name)),
        debts: payable,
        total: payable.filter((debt) => debt.owed).reduce((sum, debt) => sum + debt.open_amount, 0),
        methods: await availableMethods(ctx, db),
        transfer: await transferOption(db, member),
        request: latest ? requestView(latest, now) : null,
        households,
      },
    };
  });

  app.post<{ Params: { token: string } }>('/payment_info/:token/requests', { onRequest, config: { public: true, openapi: PAYMENT_INFO_REQUEST_DOC } }, async (request, reply) => {
    const link = await open(request, reply);
    const member = Number(link.member);
    const { errors, debts, method, phone, amount, household } = await checkPayerChoice(ctx, db, member, objectBody(request));
    if (Object.keys(errors).length > 0) throw invalidRecord(errors);
    const wait = await requestsPerToken.hit(hashToken(request.params.token), ctx.now());
    if (wait > 0) throw tooMany(reply, wait);

    const linkId = Number(link._id);
    const saved = await openPaymentRequest(ctx, {
      member,
      household,
      debts,
      method,
      phone,
      amount,
      provider: (await currentProvider(ctx, db))!,
      actor: { kind: 'anonymous' },
      createdBy: null,
      address: request.ip ?? null,
      async within(trx, id) {
        // Revoked or expired meanwhile: nothing is stored.
        if (!(await liveLink(trx, request.params.token, ctx.now()))) throw invalidLink();
        await trx.insertInto('payment_link_requests').values({ link: linkId, request: id }).execute();
        await trx.updateTable('payment_links').set({ last_used_at: new Date(ctx.now()).toISOString() }).where('_id', '=', linkId).execute();
      },
    });
    return reply.status(201).send({ data: requestView(saved, ctx.now()) });
  });

  app.get<{ Params: { token: string; id: string } }>(
    '/payment_info/:token/requests/:id',
    { onRequest, config: { public: true, openapi: PAYMENT_INFO_REQUEST_STATE_DOC } },
    async (request, reply) => {
      const link = await open(request, reply);
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const row = await db
        .selectFrom('payment_link_requests as l')
        .innerJoin('payment_requests as r', 'r._id', 'l.request')
        .select(REQUEST_COLUMNS)
        .where('l.link', '=', Number(link._id))
        .where('l.request', '=', id)
        .executeTakeFirst();
      if (!row) throw coded(404, 'not_found', 'Pedido de pagamento não encontrado nesta ligação.');
      return { data: requestView(row, ctx.now()) };
    },
  );
}
