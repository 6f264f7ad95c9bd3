/** An application's life: submitted → e-mail confirmed → accepted or rejected; withdrawn from either open state. */
export const APPLICATION_STATES = [
  { value: 'submitted', label: 'Submetida' },
  { value: 'email_confirmed', label: 'E-mail confirmado' },
  { value: 'accepted', label: 'Aceite' },
  { value: 'rejected', label: 'Recusada' },
  { value: 'withdrawn', label: 'Desistência' },
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number]['value'];

/** States an application may still be decided in. */
const OPEN_STATES: readonly ApplicationState[] = ['submitted', 'email_confirmed'];

export const isOpen = (state: unknown): boolean => OPEN_STATES.includes(state as ApplicationState);

/** Why a decision cannot be taken on an application in `state` (pt-PT), for a 409. */
export function decidedMessage(state: unknown): string {
  const label = APPLICATION_STATES.find((s) => s.value === state)?.label.toLowerCase() ?? String(state);
  return `Esta candidatura já foi decidida (${label}): não pode ser alterada.`;
}
