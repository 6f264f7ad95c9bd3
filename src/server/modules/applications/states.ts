import { APPLICATION_STATES } from '../../../core/application-states.js';

// The states themselves are plain and shared (member files ask whether an application is open).
export { APPLICATION_STATES, isOpen, type ApplicationState } from '../../../core/application-states.js';

/** Why a decision cannot be taken on an application in `state` (pt-PT), for a 409. */
export function decidedMessage(state: unknown): string {
  const label = APPLICATION_STATES.find((s) => s.value === state)?.label.toLowerCase() ?? String(state);
  return `Esta candidatura já foi decidida (${label}): não pode ser alterada.`;
}
