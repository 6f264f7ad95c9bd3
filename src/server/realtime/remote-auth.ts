import { randomUUID } from 'node:crypto';
import type { AuthenticatedCaller } from '../auth/caller.js';
import type { Audience, EventBus } from './bus.js';
import type { Authenticated, Connections } from './connections.js';

// Bus topics between instances. Their audience names no role and no user, so no socket ever
// receives them.
const AUTH_REQUEST_TOPIC = 'realtime:auth';
const AUTH_ANSWER_TOPIC = 'realtime:auth answer';
const INSTANCES_ONLY: Audience = { roles: [] };
/** How long an instance waits for another one to claim a connection id. */
const REMOTE_AUTH_TIMEOUT_MS = 1500;

interface AuthRequest {
  requestId: string;
  connectionId: string;
  caller: AuthenticatedCaller;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Behind a load balancer, `POST /api/websocket/auth` may reach another instance than the
 * one holding the socket. That instance asks the others over the bus; the holder
 * authenticates its socket and says so. No answer in time means no such connection.
 */
export function createRemoteAuth(bus: EventBus, connections: Connections, timeoutMs = REMOTE_AUTH_TIMEOUT_MS) {
  const waiting = new Map<string, (outcome: Authenticated) => void>();

  const unsubscribe = bus.subscribe((event) => {
    if (!isRecord(event.payload) || typeof event.payload.requestId !== 'string') return;
    if (event.topic === AUTH_REQUEST_TOPIC) {
      const { requestId, connectionId, caller } = event.payload as unknown as AuthRequest;
      if (typeof connectionId !== 'string' || !isRecord(caller)) return;
      // Only the holder answers; over the account's cap its answer is 'refused', so the asking
      // instance says 429 just as the holder would have.
      const outcome = connections.authenticate(connectionId, caller);
      if (outcome) void bus.publish({ topic: AUTH_ANSWER_TOPIC, payload: { requestId, outcome }, audience: INSTANCES_ONLY });
    } else if (event.topic === AUTH_ANSWER_TOPIC) {
      const { outcome } = event.payload;
      if (outcome === 'authenticated' || outcome === 'refused') waiting.get(event.payload.requestId)?.(outcome);
    }
  });

  return {
    /** What the instance holding the connection did with it; false when none answers in time (no such connection). */
    authenticate(connectionId: string, caller: AuthenticatedCaller): Promise<Authenticated> {
      const requestId = randomUUID();
      return new Promise((resolve) => {
        const settle = (outcome: Authenticated) => {
          clearTimeout(timer);
          waiting.delete(requestId);
          resolve(outcome);
        };
        const timer = setTimeout(() => settle(false), timeoutMs);
        waiting.set(requestId, settle);
        const request: AuthRequest = { requestId, connectionId, caller };
        bus.publish({ topic: AUTH_REQUEST_TOPIC, payload: request, audience: INSTANCES_ONLY }).catch(() => settle(false));
      });
    },
    close() {
      unsubscribe();
      for (const settle of [...waiting.values()]) settle(false);
    },
  };
}
