import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '../../core/contract.js';
import { CLOSE_TOO_MANY_CONNECTIONS, TOPIC } from '../../core/contract.js';
import type { AuthenticatedCaller } from '../auth/caller.js';
import { mayReceive } from './audience.js';
import type { BusEvent } from './bus.js';

/** A socket that has not authenticated within this time is closed. */
export const AUTH_TIMEOUT_MS = 30_000;
/** Close code sent to a socket that never authenticated, or whose caller must authenticate again (4000-4999: application codes). */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Close code of a socket over a cap: too many sockets from its address or for its account (the browser waits before reconnecting). */
export const CLOSE_TOO_MANY = CLOSE_TOO_MANY_CONNECTIONS;
export const TOO_MANY_FROM_ADDRESS = 'Demasiadas ligações em tempo real a partir deste endereço.';
export const TOO_MANY_FOR_ACCOUNT = 'Demasiadas ligações em tempo real nesta conta.';

/** Most sockets open at once per address and authenticated at once per account (0: no cap). */
export interface SocketCaps {
  perAddress: number;
  perAccount: number;
}

/** What `authenticate` did: false when no socket with the id is open here. */
export type Authenticated = 'authenticated' | 'refused' | false;

interface Connection {
  socket: WebSocket;
  address: string;
  openedAt: number;
  caller: AuthenticatedCaller | null;
  /** Refused for its account's cap: closed with 4429 when its authentication delay ends. */
  refused: boolean;
}

function send(socket: WebSocket, message: RealtimeMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parse(data: unknown, isBinary: boolean): { topic: string } | undefined {
  if (isBinary || !Buffer.isBuffer(data)) return undefined;
  try {
    const message: unknown = JSON.parse(data.toString('utf8'));
    if (typeof message === 'object' && message !== null && typeof (message as { topic?: unknown }).topic === 'string') {
      return message as { topic: string };
    }
  } catch {
    // Answered below like any other malformed frame.
  }
  return undefined;
}

/**
 * The sockets open on this instance. A socket starts anonymous, receives its id in the
 * handshake, and becomes its caller once `POST /api/websocket/auth` names that id.
 * Time is read from the server clock, so tests can move past the authentication delay.
 */
export function createConnections(now: () => number, caps: SocketCaps, authTimeoutMs = AUTH_TIMEOUT_MS) {
  const connections = new Map<string, Connection>();
  const over = (cap: number, count: number) => cap > 0 && count >= cap;
  const countWhere = (test: (connection: Connection) => boolean) => {
    let count = 0;
    for (const connection of connections.values()) if (test(connection)) count += 1;
    return count;
  };
  const fullFor = (address: string) => over(caps.perAddress, countWhere((c) => c.address === address));

  return {
    /** Whether another socket from this address would go over its cap. */
    fullFor,

    /** Registers a socket and sends its id; a socket over its address's cap is closed instead. */
    open(socket: WebSocket, address: string): string | undefined {
      // The upgrade was checked already; this catches upgrades that raced each other.
      if (fullFor(address)) {
        socket.close(CLOSE_TOO_MANY, TOO_MANY_FROM_ADDRESS);
        return undefined;
      }
      const id = randomUUID();
      connections.set(id, { socket, address, openedAt: now(), caller: null, refused: false });
      socket.on('close', () => connections.delete(id));
      socket.on('message', (data, isBinary) => {
        const message = parse(data, isBinary);
        if (!message) {
          send(socket, { topic: TOPIC.error, payload: { message: 'Mensagem inválida: esperava JSON com "topic".' } });
        } else if (message.topic === TOPIC.ping) {
          send(socket, { topic: TOPIC.pong, payload: null });
        }
        // Other topics from clients carry no meaning yet and are ignored.
      });
      send(socket, { topic: TOPIC.handshake, payload: { connectionId: id } });
      return id;
    },

    /**
     * Makes a socket its caller's. One more socket than the account's cap stays anonymous
     * and is closed with 4429 when its authentication delay ends: closed at once, a browser
     * would reconnect at once, and again, as fast as the network allows. A socket
     * authenticating again, after a token refresh, keeps its place.
     */
    authenticate(id: string, caller: AuthenticatedCaller): Authenticated {
      const connection = connections.get(id);
      if (!connection) return false;
      const sameAccount = (c: Connection) => c !== connection && c.caller?.kind === caller.kind && c.caller.id === caller.id;
      if (over(caps.perAccount, countWhere(sameAccount))) {
        connection.caller = null;
        connection.refused = true;
        return 'refused';
      }
      connection.caller = caller;
      connection.refused = false;
      return 'authenticated';
    },

    /**
     * Closes the sockets of a caller whose rights may have changed (an account edited or
     * deactivated, a key revoked). The client reconnects at once and authenticates again,
     * with whatever its token or key is worth now.
     */
    closeCaller(kind: AuthenticatedCaller['kind'], id: number) {
      for (const { socket, caller } of connections.values()) {
        if (caller?.kind === kind && caller.id === id) socket.close(CLOSE_UNAUTHENTICATED, 'Autentique-se novamente.');
      }
    },

    broadcast(event: BusEvent) {
      const text = JSON.stringify({ topic: event.topic, payload: event.payload ?? null });
      for (const { socket, caller } of connections.values()) {
        if (caller && mayReceive(caller, event.audience) && socket.readyState === socket.OPEN) socket.send(text);
      }
    },

    /** Closes sockets that never authenticated in time (or were refused), and those whose access token or API key expired. */
    closeUnauthenticated() {
      const time = now();
      const deadline = time - authTimeoutMs;
      for (const { socket, caller, openedAt, refused } of connections.values()) {
        if (!caller && openedAt <= deadline) {
          if (refused) socket.close(CLOSE_TOO_MANY, TOO_MANY_FOR_ACCOUNT);
          else socket.close(CLOSE_UNAUTHENTICATED, 'Autenticação em falta.');
        } else if (caller?.expiresAt !== undefined && caller.expiresAt <= time) {
          socket.close(CLOSE_UNAUTHENTICATED, caller.kind === 'user' ? 'Sessão expirada: autentique-se novamente.' : 'Chave de API expirada.');
        }
      }
    },

    closeAll() {
      for (const { socket } of connections.values()) socket.close(1001, 'O servidor está a encerrar.');
      connections.clear();
    },

    get size() {
      return connections.size;
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
