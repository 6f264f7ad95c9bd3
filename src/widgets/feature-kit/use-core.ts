import { useMemo } from 'react';
import { DEFAULT_API, getCore, type Core } from '../../core/index.js';
import { useApiBase } from '../kit/index.js';

/** The page's shared core for this element's `api` attribute ('/api' when absent). */
export function useCore(): Core {
  const api = useApiBase();
  return useMemo(() => getCore(api ?? DEFAULT_API), [api]);
}
