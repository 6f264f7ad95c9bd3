import type { FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../../auth/throttle.js';
import type { ServerContext } from '../../context.js';
import { tooManyRequests } from '../../errors.js';
import { createRateLimiter, type RateLimiter, type WindowLimit } from '../../edges/rate-limit.js';

/** Applications per address and hour: a family applying together stays far below it, a script does not. */
export const APPLY_LIMIT = { max: 10, windowMs: 3_600_000 } as const;
/** Form openings and confirmation clicks per address and minute. */
export const PUBLIC_READ_LIMIT = { max: 60, windowMs: 60_000 } as const;

/**
 * A per-address limit of one public route, named `name` (see createRateLimiter), kept per server
 * (tests run many in one process) and dropped with it. The returned check throws a pt-PT 429
 * with Retry-After when over the limit.
 */
export function addressLimit(name: string, limit: WindowLimit, what: string) {
  const limiters = new WeakMap<ServerContext, RateLimiter>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { ctx } = request.server;
    let limiter = limiters.get(ctx);
    if (!limiter) limiters.set(ctx, (limiter = createRateLimiter(ctx, name, limit)));
    const wait = await limiter.hit(addressKey(request.ip), ctx.now());
    if (wait <= 0) return;
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    throw tooManyRequests(`${what} a partir deste endereço. Tente novamente dentro de ${minutes === 1 ? '1 minuto' : `${minutes} minutos`}.`);
  };
}
