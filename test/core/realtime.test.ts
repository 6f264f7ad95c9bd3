// Reconnection timing of the realtime socket, on the core's clock moved by hand, with a scripted socket. (What a
// real browser and socket do is in test/browser/realtime.test.ts.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_TOO_MANY_CONNECTIONS } from '../../src/core/contract.js';
import { createRealtime, TOO_MANY_CONNECTIONS_RETRY_MS, type Realtime } from '../../src/core/realtime.js';
import { manualClock, type ManualClock } from '../support/manual-clock.js';

/** A socket the test opens and closes, as the server would. */
class ScriptedSocket {
  static made: ScriptedSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const UNREACHABLE_DELAY_MS = 1000;
let unreachable: number;
let realtime: Realtime;
let clock: ManualClock;

beforeEach(() => {
  clock = manualClock();
  ScriptedSocket.made = [];
  unreachable = 0;
  realtime = createRealtime({
    url: 'ws://api.test/api/websocket',
    WebSocket: ScriptedSocket as unknown as typeof WebSocket,
    target: new EventTarget(),
    token: () => 'token',
    authenticate: async () => undefined,
    onUnreachable: () => {
      unreachable += 1;
    },
    clock,
    pingIntervalMs: 55_000,
    unreachableDelayMs: UNREACHABLE_DELAY_MS,
    debugToastMs: 3000,
  });
  realtime.start();
  ScriptedSocket.made[0]!.serverOpens();
});
afterEach(() => {
  realtime.stop();
});

describe('realtime reconnection', () => {
  it('reconnects at once after an ordinary close of an open socket', () => {
    ScriptedSocket.made[0]!.serverCloses(4401);
    expect(ScriptedSocket.made).toHaveLength(2);
    // And says the server is unreachable when that socket does not open within the delay.
    clock.advance(UNREACHABLE_DELAY_MS);
    expect(unreachable).toBe(1);
  });

  it('after a 4429 close (too many connections) waits before reconnecting, and never marks the server unreachable', () => {
    ScriptedSocket.made[0]!.serverCloses(CLOSE_TOO_MANY_CONNECTIONS);
    expect(realtime.connected.value).toBe(false);
    clock.advance(TOO_MANY_CONNECTIONS_RETRY_MS - 1);
    expect(ScriptedSocket.made).toHaveLength(1);
    expect(unreachable).toBe(0);
    clock.advance(1);
    expect(ScriptedSocket.made).toHaveLength(2);
    ScriptedSocket.made[1]!.serverOpens();
    expect(realtime.connected.value).toBe(true);
    expect(unreachable).toBe(0);
  });

  it('waits again after each 4429 close, even of a socket that never opened', () => {
    ScriptedSocket.made[0]!.serverCloses(CLOSE_TOO_MANY_CONNECTIONS);
    clock.advance(TOO_MANY_CONNECTIONS_RETRY_MS);
    ScriptedSocket.made[1]!.serverCloses(CLOSE_TOO_MANY_CONNECTIONS);
    clock.advance(TOO_MANY_CONNECTIONS_RETRY_MS - 1);
    expect(ScriptedSocket.made).toHaveLength(2);
    clock.advance(1);
    expect(ScriptedSocket.made).toHaveLength(3);
    expect(unreachable).toBe(0);
  });

  it('does not reconnect after a 4429 close once stopped', () => {
    ScriptedSocket.made[0]!.serverCloses(CLOSE_TOO_MANY_CONNECTIONS);
    realtime.stop();
    clock.advance(2 * TOO_MANY_CONNECTIONS_RETRY_MS);
    expect(ScriptedSocket.made).toHaveLength(1);
  });
});
