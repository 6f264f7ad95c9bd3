// An application's states, plain and shared: the server decides with them, member files ask
// whether an application still takes files, the applications page shows them.

/** An application's life: submitted → e-mail confirmed → accepted or rejected; withdrawn from either open state. */
export const APPLICATION_STATES = [
  { value: 'submitted', label: 'Submetida' },
  { value: 'email_confirmed', label: 'E-mail confirmado' },
  { value: 'accepted', label: 'Aceite' },
  { value: 'rejected', label: 'Recusada' },
  { value: 'withdrawn', label: 'Desistência' },
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number]['value'];

/** States an application may still be decided in (and take or lose files). */
const OPEN_STATES: readonly ApplicationState[] = ['submitted', 'email_confirmed'];

export const isOpen = (state: unknown): boolean => OPEN_STATES.includes(state as ApplicationState);
