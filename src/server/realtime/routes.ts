import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, tooManyRequests, unauthorized } from '../errors.js';
import { plainAddress } from '../edges/connection-limits.js';
import { WEBSOCKET_AUTH_DOC, WEBSOCKET_DOC } from '../openapi/route-docs.js';
import { createConnections, TOO_MANY_FOR_ACCOUNT, TOO_MANY_FROM_ADDRESS } from './connections.js';
import { createRemoteAuth } from './remote-auth.js';
import { REAUTHENTICATE_TOPIC, type Reauthenticate } from './topics.js';

// Clients only send pings; anything bigger than this is not ours.
const MAX_FRAME_BYTES = 16 * 1024;
// How often sockets past the authentication delay are looked for.
const SWEEP_INTERVAL_MS = 1000;

/**
 * GET /api/websocket (the socket) and POST /api/websocket/auth. Bus events are forwarded
 * to the authenticated sockets of this instance that may see them.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  const { bus, now, config } = app.ctx;
  const connections = createConnections(now, {
    perAddress: config.connections.maxRealtimePerAddress,
    perAccount: config.connections.maxRealtimePerAccount,
  });
  // Only PostgreSQL deployments run several instances; on SQLite every socket is local.
  const remote = app.ctx.database.engine === 'postgres' ? createRemoteAuth(bus, connections) : undefined;

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  // Over its address's cap, the upgrade is refused with a 429: the browser never sees the socket
  // open, so it waits before trying again instead of reconnecting at once.
  const refuseOverCap = async (request: FastifyRequest) => {
    if (connections.fullFor(plainAddress(request.ip))) throw tooManyRequests(TOO_MANY_FROM_ADDRESS);
  };
  app.route({
    method: 'GET',
    url: '/websocket',
    config: { openapi: WEBSOCKET_DOC },
    preValidation: refuseOverCap,
    // A plain GET (no upgrade) gets a JSON refusal like any other, instead of an empty 404.
    handler: async () => {
      throw notFound('Este endereço só aceita ligações WebSocket.');
    },
    wsHandler: (socket, request) => {
      connections.open(socket, plainAddress(request.ip));
    },
  });

  app.post('/websocket/auth', { config: { openapi: WEBSOCKET_AUTH_DOC } }, async (request, reply) => {
    const caller = request.caller;
    if (caller.kind === 'anonymous') throw unauthorized();
    // Text of 1 to 100 characters: the route's body schema (WEBSOCKET_AUTH_DOC) saw to it.
    const { connectionId } = request.body as { connectionId: string };
    // A socket held by another instance: that instance applies the account cap to its sockets
    // (closing one over it) and its answer is this one's.
    const outcome = connections.authenticate(connectionId, caller) || ((await remote?.authenticate(connectionId, caller)) ?? false);
    if (outcome === 'refused') throw tooManyRequests(TOO_MANY_FOR_ACCOUNT);
    if (!outcome) throw notFound('Ligação em tempo real não encontrada.');
    return reply.status(204).send();
  });

  const unsubscribe = bus.subscribe((event) => {
    if (event.topic !== REAUTHENTICATE_TOPIC) return connections.broadcast(event);
    const target = event.payload as Partial<Reauthenticate> | null;
    if ((target?.kind === 'user' || target?.kind === 'apiKey') && typeof target.id === 'number') connections.closeCaller(target.kind, target.id);
  });
  const sweep = setInterval(() => connections.closeUnauthenticated(), SWEEP_INTERVAL_MS);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    unsubscribe();
    remote?.close();
    connections.closeAll();
  });
}
