import WebSocket from 'ws';
import type { RealtimeMessage } from '../../../src/core/contract.js';

export interface TestSocket {
  socket: WebSocket;
  /** Every message received so far. */
  received: RealtimeMessage[];
  /** Resolves with the first message (already received or next) on this topic. */
  next(topic: string, timeoutMs?: number): Promise<RealtimeMessage>;
  /** Resolves with the close code. */
  closed(timeoutMs?: number): Promise<number>;
  sendRaw(data: string | Buffer): void;
  close(): void;
}

/** A real `ws` client connected to a listening test server. */
export async function connectSocket(baseUrl: string): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/websocket`);
  const received: RealtimeMessage[] = [];
  const waiters = new Set<() => void>();
  let closeCode: number | undefined;
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as RealtimeMessage);
    for (const wake of waiters) wake();
  });
  socket.on('close', (code) => {
    closeCode = code;
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  function waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        const value = check();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(received)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
      wake();
    });
  }

  return {
    socket,
    received,
    next: (topic, timeoutMs = 5000) => waitFor(() => received.find((m) => m.topic === topic), `topic "${topic}"`, timeoutMs),
    closed: (timeoutMs = 5000) => waitFor(() => closeCode, 'close', timeoutMs),
    sendRaw: (data) => socket.send(data),
    close: () => socket.close(),
  };
}
