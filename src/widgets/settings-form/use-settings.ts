import { useCallback, useEffect, useState } from 'react';
import { isSilentFailure, type Core } from '../../core/index.js';
import { useSignalValue } from '../kit/index.js';

export type SettingsStatus = 'loading' | 'ready' | 'failed';

/**
 * The organisation's settings, read fresh when the form opens (the host may hold an older
 * copy); realtime 'settings updated' events keep the core's copy current afterwards.
 */
export function useSettings(core: Core) {
  const items = useSignalValue(core.settings.items);
  const [status, setStatus] = useState<SettingsStatus>(core.settings.loaded.value ? 'ready' : 'loading');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    core.settings.load().then(
      () => current && setStatus('ready'),
      (e: unknown) => {
        if (current && !isSilentFailure(e) && !core.settings.loaded.value) setStatus('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [core, round]);
  const retry = useCallback(() => {
    setStatus('loading');
    setRound((n) => n + 1);
  }, []);
  return { items, status, retry };
}
