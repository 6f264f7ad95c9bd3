import { randomUUID } from 'node:crypto';
import type { AuthenticatedCaller } from '../auth/caller.js';
import type { Audience, EventBus } from './bus.js';
import type { Connections } from './connections.js';

// Bus topics between instances. Their audience names no role and no user, so no socket ever
// receives them.
const AUTH_REQUEST_TOPIC = 'realtime:auth';
const AUTH_ACCEPTED_TOPIC = 'realtime:auth accepted';
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
  const waiting = new Map<string, (accepted: boolean) => void>();

  const unsubscribe = bus.subscribe((event) => {
    if (!isRecord(event.payload) || typeof event.payload.requestId !== 'string') return;
    if (event.topic === AUTH_REQUEST_TOPIC) {
      const { requestId, connectionId, caller } = event.payload as unknown as AuthRequest;
      if (typeof connectionId === 'string' && isRecord(caller) && connections.authenticate(connectionId, caller)) {
        void bus.publish({ topic: AUTH_ACCEPTED_TOPIC, payload: { requestId }, audience: INSTANCES_ONLY });
      }
    } else if (event.topic === AUTH_ACCEPTED_TOPIC) {
      waiting.get(event.payload.requestId)?.(true);
    }
  });

  return {
    /** Resolves true when another instance holds the connection and authenticated it. */
    authenticate(connectionId: string, caller: AuthenticatedCaller): Promise<boolean> {
      const requestId = randomUUID();
      return new Promise((resolve) => {
        const settle = (accepted: boolean) => {
          clearTimeout(timer);
          waiting.delete(requestId);
          resolve(accepted);
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
