import { getCore, type Core } from '../../core/index.js';
import { useApiBase } from '../kit/index.js';

/** The page's core for this element's `api` attribute (the default '/api' when absent). */
export function useCore(): Core {
  return getCore(useApiBase() ?? '/api');
}
