import { useCallback, useEffect, useState } from 'react';
import { isSilentFailure, type Core } from '../../core/index.js';
import { SETTINGS_SCHEMA_PATH, type SettingSchema, type SettingsSchemaResponse } from '../../core/settings-schema.js';
import { useSignalValue } from '../kit/index.js';

export type SettingsStatus = 'loading' | 'ready' | 'failed';

// The schema changes only with the server's code: read once per core, again after a failure.
const schemas = new WeakMap<Core, Promise<readonly SettingSchema[]>>();
const known = new WeakMap<Core, readonly SettingSchema[]>();

function loadSchema(core: Core): Promise<readonly SettingSchema[]> {
  let loading = schemas.get(core);
  if (!loading) {
    loading = core.http.get<SettingsSchemaResponse>(SETTINGS_SCHEMA_PATH).then((res) => {
      const settings = Array.isArray(res.data?.data?.settings) ? res.data.data.settings : [];
      known.set(core, settings);
      return settings;
    });
    loading.catch(() => schemas.delete(core));
    schemas.set(core, loading);
  }
  return loading;
}

/**
 * The organisation's settings, read fresh when the form opens (the host may hold an older
 * copy), and the server's schema of them; realtime 'settings updated' events keep the core's
 * copy current afterwards.
 */
export function useSettings(core: Core) {
  const items = useSignalValue(core.settings.items);
  const [schema, setSchema] = useState<readonly SettingSchema[] | null>(() => known.get(core) ?? null);
  const [status, setStatus] = useState<SettingsStatus>(core.settings.loaded.value && known.has(core) ? 'ready' : 'loading');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([core.settings.load(), loadSchema(core)]).then(
      ([, loaded]) => {
        if (!current) return;
        setSchema(loaded);
        setStatus('ready');
      },
      (e: unknown) => {
        if (current && !isSilentFailure(e) && !(core.settings.loaded.value && known.has(core))) setStatus('failed');
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
  return { items, schema, status, retry };
}
