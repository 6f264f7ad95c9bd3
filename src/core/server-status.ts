import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Clock, TimerHandle } from './clock.js';

export type ServerStatusValue = 'ok' | 'unreachable';

export interface ServerStatus {
  status: ReadonlySignal<ServerStatusValue>;
  /** True once the health check answered again; the page reloads shortly after. */
  reconnected: ReadonlySignal<boolean>;
  /** Seconds left before the next health check, for the overlay's countdown. */
  retryIn: ReadonlySignal<number>;
  markUnreachable(): void;
  dispose(): void;
}

export interface ServerStatusDeps {
  /** Resolves when the server answers, rejects otherwise. */
  healthCheck(): Promise<unknown>;
  reload(): void;
  clock: Clock;
  retryMs: number;
  reloadAfterMs: number;
  /**
   * Go back to 'ok' where we are instead of reloading: for elements on someone else's website,
   * whose page is not ours to reload.
   */
  resumeInPlace?: boolean;
}

export function createServerStatus(deps: ServerStatusDeps): ServerStatus {
  const status = signal<ServerStatusValue>('ok');
  const reconnected = signal(false);
  const retryIn = signal(0);
  const { clock } = deps;
  let poll: TimerHandle | undefined;
  let tick: TimerHandle | undefined;
  let checking = false;

  function stopPolling() {
    clock.clearInterval(poll);
    clock.clearInterval(tick);
    poll = tick = undefined;
  }

  async function check() {
    if (checking) return;
    checking = true;
    try {
      await deps.healthCheck();
    } catch {
      retryIn.value = Math.ceil(deps.retryMs / 1000);
      return;
    } finally {
      checking = false;
    }
    stopPolling();
    if (deps.resumeInPlace) {
      status.value = 'ok';
      return;
    }
    reconnected.value = true;
    // A reload rather than a resume: whatever happened while away (a deploy, a restart)
    // may have changed the code and the data the page holds.
    clock.setTimeout(() => deps.reload(), deps.reloadAfterMs);
  }

  return {
    status,
    reconnected,
    retryIn,
    markUnreachable() {
      if (status.value === 'unreachable') return;
      status.value = 'unreachable';
      retryIn.value = Math.ceil(deps.retryMs / 1000);
      poll = clock.setInterval(() => void check(), deps.retryMs);
      tick = clock.setInterval(() => {
        retryIn.value = Math.max(0, retryIn.value - 1);
      }, 1000);
    },
    dispose: stopPolling,
  };
}
