import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../../auth/throttle.js';
import { coded, tooManyRequests } from '../../errors.js';
import { createRateLimiter } from '../../edges/rate-limit.js';
import { cardPdfRoutes } from './pdf-routes.js';
import { CARD_VERIFY_DOC } from './route-docs.js';
import { cardStandingRoute } from './standing-route.js';
import { verifyCard } from './verify.js';

/** Checks per minute from one address: a door steward scanning a queue stays far below it; guessing codes does not. */
export const CARD_VERIFY_LIMIT = { max: 60, windowMs: 60_000 } as const;

const unknownCard = () => coded(404, 'not_found', 'Cartão não encontrado: confirme o código impresso no cartão.');

function tooMany(reply: FastifyReply, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return tooManyRequests(`Demasiadas verificações seguidas. Aguarde ${seconds === 1 ? '1 segundo' : `${seconds} segundos`} e tente novamente.`);
}

/** The cards module's routes beyond its resource and actions: the public verification, a card's standing and the PDFs. */
export function cardRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const perAddress = createRateLimiter(ctx, 'cards.verify', CARD_VERIFY_LIMIT);

  const onRequest = async (_request: FastifyRequest, reply: FastifyReply) => {
    // The answer names a person: never kept by a cache, never indexed.
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
  };

  app.get<{ Params: { code: string } }>('/membership_cards/verify/:code', { onRequest, config: { public: true, openapi: CARD_VERIFY_DOC } }, async (request, reply) => {
    const now = ctx.now();
    const wait = await perAddress.hit(addressKey(request.ip), now);
    if (wait > 0) throw tooMany(reply, wait);
    const card = await verifyCard(db, request.params.code, request.ip ?? '', now);
    if (!card) throw unknownCard();
    return { data: card };
  });

  cardStandingRoute(app);
  cardPdfRoutes(app);
}
