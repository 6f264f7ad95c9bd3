import { isApiError, recordKey, type ExplainerField, type FieldErrors, type ListStore } from '../../core/index.js';

/** Rules only the server can judge (a unique number, a NIF's check digit): asked as the user leaves the field. */
export function checkedOnLeave(field: ExplainerField): boolean {
  return Boolean(field.validation.unique) || (field.validation.checks?.length ?? 0) > 0;
}

/**
 * POST {res}/validate (SPEC 5): the field errors the server finds in `body`, none when it is
 * valid. A server without the route (404) leaves the judging to the save, which checks the same.
 */
export async function serverErrors(store: ListStore, body: Record<string, unknown>): Promise<FieldErrors> {
  try {
    return (await store.validate(body)) ? {} : store.fieldErrors(recordKey(body));
  } catch (e) {
    if (isApiError(e) && e.status === 404) return {};
    throw e;
  }
}

/** Where a created record's message waits for the record's own page (see core/flash.ts). */
export const flashKey = (resource: string, id: string): string => `${resource}/${id}`;
