// What the direct-debit elements share: the resources they read and write, and the server's
// field errors of a refused request.
import { ApiError, type ValidationErrorResponse } from '../../core/index.js';

export const BATCHES = 'direct_debit_batches';
export const ITEMS = 'direct_debit_items';
export const MANDATES = 'sepa_mandates';

/** The 422 answer's field errors, by field; none for any other failure. */
export const fieldErrors = (e: unknown): Record<string, string> =>
  e instanceof ApiError && e.status === 422 ? ((e.data as Partial<ValidationErrorResponse> | null)?.errors ?? {}) : {};

/** An enum value's pt-PT label, from the explainer. */
export const optionLabel = (value: string | null, options: readonly { value: string; label: string }[] | undefined): string =>
  options?.find((o) => o.value === value)?.label ?? value ?? '';
