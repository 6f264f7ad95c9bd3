import { signal, type ReadonlySignal } from '@preact/signals-core';

export interface Offline {
  offline: ReadonlySignal<boolean>;
  dispose(): void;
}

/** The offline flag follows the browser's online and offline events (SPEC 4). */
export function createOffline(target: EventTarget, isOnline: () => boolean): Offline {
  const offline = signal(!isOnline());
  const goOffline = () => {
    offline.value = true;
  };
  const goOnline = () => {
    offline.value = false;
  };
  target.addEventListener('offline', goOffline);
  target.addEventListener('online', goOnline);
  return {
    offline,
    dispose() {
      target.removeEventListener('offline', goOffline);
      target.removeEventListener('online', goOnline);
    },
  };
}
