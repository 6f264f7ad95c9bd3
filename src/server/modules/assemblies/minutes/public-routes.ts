import type { FastifyInstance, FastifyReply } from 'fastify';
import { lisbonDay } from '../../../../core/days.js';
import { addressKey } from '../../../auth/throttle.js';
import { createRateLimiter } from '../../../edges/rate-limit.js';
import { tooManyRequests } from '../../../errors.js';
import { PUBLIC_NEXT_DOC } from './route-docs.js';
import type { PublicAssembly } from '../../../../core/assemblies.js';

/** Reads per minute from one address: a website's visitors each read it once; a script looping on it does not pass. */
const PUBLIC_NEXT_LIMIT = { max: 30, windowMs: 60_000 } as const;

function tooMany(reply: FastifyReply, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return tooManyRequests(`Demasiados pedidos seguidos. Aguarde ${seconds === 1 ? '1 segundo' : `${seconds} segundos`} e tente novamente.`);
}

/** GET /public/assemblies/next: the next convened assembly, for `<associa-assembly>` on the association's own website. */
export function publicAssemblyRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  const perAddress = createRateLimiter(ctx, 'assemblies.next', PUBLIC_NEXT_LIMIT);

  app.get('/public/assemblies/next', { config: { public: true, openapi: PUBLIC_NEXT_DOC } }, async (request, reply) => {
    const now = ctx.now();
    const wait = await perAddress.hit(addressKey(request.ip), now);
    if (wait > 0) throw tooMany(reply, wait);
    const next = await db
      .selectFrom('assemblies')
      .select(['_id', 'title', 'kind', 'date', 'time', 'place', 'online_link'])
      .where('status', 'in', ['convened', 'in_session'])
      .where('date', '>=', lisbonDay(now))
      .orderBy('date')
      .orderBy('time')
      .orderBy('_id')
      .executeTakeFirst();
    // Public and the same for everyone: a cache may keep it a little while.
    reply.header('cache-control', 'public, max-age=60');
    // None convened is an ordinary answer for the association's website, not an error it would log.
    if (!next) return { data: null };
    const items = await db.selectFrom('assembly_items').select('title').where('assembly', '=', next._id).orderBy('position').orderBy('_id').execute();
    const data: PublicAssembly = {
      title: String(next.title),
      kind: String(next.kind),
      date: String(next.date),
      time: String(next.time),
      place: next.place ?? null,
      online_link: next.online_link ?? null,
      agenda: items.map((item) => String(item.title)),
    };
    return { data };
  });
}
