import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaff } from '../../auth/caller.js';
import { forbidden, unauthorized } from '../../errors.js';
import { readSetting } from '../../settings/read.js';
import { settleCallback } from './callbacks.js';
import { ifthenpayProvider } from './ifthenpay.js';
import { ownPaymentRoutes } from './own-routes.js';
import { maskSecret } from './provider.js';
import { createPaymentRequest, validatePaymentRequest } from './requests.js';
import { CREATE_REQUEST_DOC, IFTHENPAY_CALLBACK_DOC, PROVIDER_DOC, VALIDATE_REQUEST_DOC } from './route-docs.js';

type Query = Record<string, string | undefined>;

/** Routes of the collecting module beyond its resource: creating a request (staff's, a member's own), providers' callbacks, the ways to pay. */
export function collectingRoutes(app: FastifyInstance): void {
  const { ctx } = app;

  app.post('/payment_requests', { config: { openapi: CREATE_REQUEST_DOC } }, async (request, reply) => reply.status(201).send({ data: await createPaymentRequest(app, request) }));
  app.post('/payment_requests/validate', { config: { openapi: VALIDATE_REQUEST_DOC } }, async (request, reply) => {
    const errors = await validatePaymentRequest(app, request);
    return reply.status(Object.keys(errors).length > 0 ? 422 : 200).send({ errors });
  });

  // ifthenpay counts any status but 200 as a failed delivery and retries it later: a forged or
  // unknown callback is answered 200 too (nothing recorded, logged); only our own failure is not.
  app.get('/payment_callbacks/ifthenpay', { config: { public: true, openapi: IFTHENPAY_CALLBACK_DOC } }, async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
    const config = ctx.config.ifthenpay;
    if (!config) {
      console.warn('[collecting] ifthenpay callback received, but no ifthenpay keys are configured: ignored');
      return reply.status(200).send({});
    }
    const check = ifthenpayProvider(config).verifyCallback({ query: request.query });
    if (!check.ok) {
      console.warn(`[collecting] forged ifthenpay callback from ${request.ip} (${check.reason}): ${JSON.stringify(check.raw)}`);
      return reply.status(200).send({});
    }
    const outcome = await settleCallback(ctx, 'ifthenpay', check);
    if (outcome.kind === 'forged') console.warn(`[collecting] forged ifthenpay callback from ${request.ip} (${outcome.reason}): ${JSON.stringify(check.raw)}`);
    return reply.status(200).send({});
  });

  app.get('/payment_provider', { config: { openapi: PROVIDER_DOC } }, async (request) => {
    if (request.caller.kind === 'anonymous') throw unauthorized();
    if (!isStaff(request.caller)) throw forbidden();
    const config = ctx.config.ifthenpay;
    if (config) {
      const keys = { mbKey: config.mbKey, mbWayKey: config.mbWayKey, antiPhishingKey: config.antiPhishingKey };
      return {
        data: {
          provider: 'ifthenpay',
          entity: null,
          subEntity: null,
          keys: Object.fromEntries(Object.entries(keys).filter(([, v]) => v).map(([k, v]) => [k, maskSecret(v)])),
          methods: [...(config.mbKey ? ['multibanco'] : []), ...(config.mbWayKey ? ['mbway'] : [])],
        },
      };
    }
    const entity = (await readSetting(ctx.database.db, 'multibancoEntity')) || null;
    const subEntity = (await readSetting(ctx.database.db, 'multibancoSubEntity')) || null;
    return { data: { provider: entity && subEntity ? 'local' : null, entity, subEntity, keys: {}, methods: entity && subEntity ? ['multibanco'] : [] } };
  });

  ownPaymentRoutes(app);
}
