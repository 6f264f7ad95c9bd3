import { useBrowserLocation } from 'wouter/use-browser-location';
import type { BaseLocationHook } from 'wouter';
import { decodePath } from './paths.js';

/**
 * wouter's browser location, decoded: routes hold terminology as written ('Sócios') while
 * location.pathname is percent-encoded. Navigation takes decoded paths; the browser encodes them.
 */
export const useDecodedLocation: BaseLocationHook = (...args: Parameters<typeof useBrowserLocation>) => {
  const [location, navigate] = useBrowserLocation(...args);
  return [decodePath(location), navigate];
};
