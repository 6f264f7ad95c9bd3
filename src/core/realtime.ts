import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Clock, TimerHandle } from './clock.js';
import { CLOSE_TOO_MANY_CONNECTIONS, TOPIC, type RealtimeMessage } from './contract.js';

export type RealtimeListener = (payload: unknown, topic: string) => void;

export interface Realtime {
  connected: ReadonlySignal<boolean>;
  /** Text of the last ws:debug message, cleared after the toast time. */
  toast: ReadonlySignal<string | null>;
  /** Opens the socket if a token is held and the browser has WebSocket; returns whether it did. */
  start(): boolean;
  stop(): void;
  /** Listens to one topic, or to every topic with '*'. Returns the unsubscribe function. */
  subscribe(topic: string, listener: RealtimeListener): () => void;
  send(message: RealtimeMessage | { topic: string }): void;
}

export interface RealtimeDeps {
  url: string;
  WebSocket: typeof WebSocket | undefined;
  /** Where `ws:{topic}` events are dispatched. */
  target: EventTarget;
  token(): string | null;
  /** POST {api}/websocket/auth; the core ignores its result and errors. */
  authenticate(connectionId: string): Promise<unknown>;
  onUnreachable(): void;
  clock: Clock;
  pingIntervalMs: number;
  unreachableDelayMs: number;
  debugToastMs: number;
}

/** ws(s)://{api host}{api path}/websocket, the scheme following the page's or the API's. */
export function socketUrl(api: string, pageHref: string): string {
  const url = new URL(api.replace(/\/+$/, '') + '/websocket', pageHref);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function toastText(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  if (payload !== null && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') return payload.message;
  return JSON.stringify(payload);
}

const PING = { topic: TOPIC.ping };

/**
 * How long to wait before reconnecting after a 4429 close: at once, the socket would be
 * refused again, and again; by then another socket of the account may have closed.
 */
export const TOO_MANY_CONNECTIONS_RETRY_MS = 30_000;

export function createRealtime(deps: RealtimeDeps): Realtime {
  const connected = signal(false);
  const toast = signal<string | null>(null);
  const listeners = new Map<string, Set<RealtimeListener>>();
  let socket: WebSocket | null = null;
  let stopped = true;
  const { clock } = deps;
  let ping: TimerHandle | undefined;
  let watchdog: TimerHandle | undefined;
  let retry: TimerHandle | undefined;
  let toastTimer: TimerHandle | undefined;

  function emit(topic: string, payload: unknown) {
    deps.target.dispatchEvent(new CustomEvent(`ws:${topic}`, { detail: payload }));
    for (const key of [topic, '*']) {
      for (const listener of listeners.get(key) ?? []) {
        try {
          listener(payload, topic);
        } catch (e) {
          // One faulty listener must not starve the others.
          console.error(e);
        }
      }
    }
  }

  function send(message: RealtimeMessage | { topic: string }) {
    if (socket?.readyState === 1) socket.send(JSON.stringify(message));
  }

  function connect() {
    const Ctor = deps.WebSocket;
    if (!Ctor || stopped) return;
    let opened = false;
    const ws = new Ctor(deps.url);
    socket = ws;
    ws.onopen = () => {
      opened = true;
      connected.value = true;
      send(PING);
      clock.clearInterval(ping);
      ping = clock.setInterval(() => send(PING), deps.pingIntervalMs);
    };
    ws.onmessage = (event: MessageEvent) => {
      let message: Partial<RealtimeMessage>;
      try {
        message = JSON.parse(String(event.data)) as Partial<RealtimeMessage>;
      } catch {
        return;
      }
      if (typeof message?.topic === 'string') emit(message.topic, message.payload);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      connected.value = false;
      clock.clearInterval(ping);
      if (stopped) return;
      clock.clearTimeout(watchdog);
      // The server answered, so it is reachable: only wait before trying again.
      if (event.code === CLOSE_TOO_MANY_CONNECTIONS) {
        retry = clock.setTimeout(connect, TOO_MANY_CONNECTIONS_RETRY_MS);
        return;
      }
      watchdog = clock.setTimeout(() => {
        if (!connected.value && !stopped) deps.onUnreachable();
      }, deps.unreachableDelayMs);
      // A connection that was open reconnects at once (SPEC 4). One that never opened
      // waits a moment, so a server that is down is not hammered in a tight loop.
      if (opened) connect();
      else retry = clock.setTimeout(connect, deps.unreachableDelayMs);
    };
  }

  // Built-in reactions to server topics (SPEC 7).
  const builtIn: Record<string, RealtimeListener> = {
    [TOPIC.handshake](payload) {
      const id = payload !== null && typeof payload === 'object' && 'connectionId' in payload ? payload.connectionId : undefined;
      if (deps.token() && (typeof id === 'string' || typeof id === 'number')) deps.authenticate(String(id)).catch(() => undefined);
    },
    [TOPIC.debug](payload) {
      toast.value = toastText(payload);
      clock.clearTimeout(toastTimer);
      toastTimer = clock.setTimeout(() => {
        toast.value = null;
      }, deps.debugToastMs);
    },
  };

  function subscribe(topic: string, listener: RealtimeListener) {
    let set = listeners.get(topic);
    if (!set) listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }
  for (const [topic, listener] of Object.entries(builtIn)) subscribe(topic, listener);

  return {
    connected,
    toast,
    subscribe,
    send,
    start() {
      if (!stopped) return true;
      if (!deps.token() || !deps.WebSocket) return false;
      stopped = false;
      connect();
      return true;
    },
    stop() {
      stopped = true;
      clock.clearInterval(ping);
      clock.clearTimeout(watchdog);
      clock.clearTimeout(retry);
      const ws = socket;
      socket = null;
      connected.value = false;
      ws?.close();
    },
  };
}
