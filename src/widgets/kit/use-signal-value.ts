import type { ReadonlySignal } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';

/**
 * Reads a core signal so the component re-renders when it changes. Without a Babel
 * transform a component only tracks signals after calling useSignals(); this does it.
 */
export function useSignalValue<Value>(signal: ReadonlySignal<Value>): Value {
  useSignals();
  return signal.value;
}
