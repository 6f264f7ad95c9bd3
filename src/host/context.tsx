import { createContext, useContext } from 'react';
import type { ReadonlySignal } from '@preact/signals-core';
import { useSignalValue } from '../widgets/kit/index.js';
import type { HostState } from './state.js';

const HostContext = createContext<HostState | null>(null);

export const HostProvider = HostContext.Provider;

export function useHost(): HostState {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost outside <HostProvider>');
  return host;
}

/** Re-renders on the signal (the kit's helper calls useSignals()). */
export const useValue = <T,>(signal: ReadonlySignal<T>): T => useSignalValue(signal);
