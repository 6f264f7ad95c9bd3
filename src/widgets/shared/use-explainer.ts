import { useEffect, useState } from 'react';
import type { Core, ExplainerResource } from '../../core/index.js';
import { useSignalValue } from '../kit/index.js';

export type ExplainerStatus = 'loading' | 'loaded' | 'failed';

// One load per core: several elements on a page wait for the same request.
const loads = new WeakMap<Core, Promise<void>>();

function ensureExplainer(core: Core): Promise<void> {
  if (core.explainer.loaded.value) return Promise.resolve();
  let pending = loads.get(core);
  if (!pending) {
    pending = core.explainer.load().finally(() => loads.delete(core));
    loads.set(core, pending);
  }
  return pending;
}

/**
 * The explainer entry of `resource`, loading the explainer when nobody has yet: the host loads
 * it at startup, but an element on another site is on its own.
 */
export function useExplainerResource(core: Core, resource: string): {
  status: ExplainerStatus;
  entry: ExplainerResource | undefined;
  retry(): void;
} {
  const loaded = useSignalValue(core.explainer.loaded);
  const resources = useSignalValue(core.explainer.resources);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded) return;
    let live = true;
    setFailed(false);
    ensureExplainer(core).catch(() => {
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [core, loaded, attempt]);

  return {
    status: loaded ? 'loaded' : failed ? 'failed' : 'loading',
    entry: resources[resource],
    retry: () => setAttempt((n) => n + 1),
  };
}
