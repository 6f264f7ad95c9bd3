import { isApiError } from '../../core/index.js';

/** A record the server says looks like the one being saved (409 `probable_duplicate`). */
export interface DuplicateOf {
  id: number;
  name: string;
  number?: number;
}

/** The server's warning: its pt-PT message, the records it names, and the body member that confirms. */
export interface ProbableDuplicate {
  message: string;
  duplicates: DuplicateOf[];
  confirm: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/** The warning in a refused save, or null when the failure is something else. */
export function probableDuplicate(e: unknown): ProbableDuplicate | null {
  const cause = e instanceof Error && isApiError(e.cause) ? e.cause : e;
  if (!isApiError(cause) || cause.status !== 409 || !isRecord(cause.data) || cause.data.code !== 'probable_duplicate') return null;
  const { message, duplicates, confirm } = cause.data;
  if (typeof message !== 'string' || typeof confirm !== 'string' || !Array.isArray(duplicates)) return null;
  const named = duplicates.filter(isRecord).flatMap((d) =>
    typeof d.id === 'number' && typeof d.name === 'string' ? [{ id: d.id, name: d.name, ...(typeof d.number === 'number' ? { number: d.number } : {}) }] : [],
  );
  // One link per record, whatever the number of reasons it matches.
  const unique = named.filter((d, i) => named.findIndex((other) => other.id === d.id) === i);
  return { message, duplicates: unique, confirm };
}

export const DUPLICATE_TEXTS = {
  /** Before the links to the records the server named. */
  seeAlso: 'Registos parecidos:',
  /** A record named by number and name. */
  record: (d: DuplicateOf) => (d.number === undefined ? d.name : `N.º ${d.number}, ${d.name}`),
  confirm: 'Confirmar',
  cancel: 'Corrigir os dados',
} as const;
