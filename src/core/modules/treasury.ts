// Treasury, as the browser asks for it.
import { RESOURCE } from '../contract.js';
import type { Core } from '../core.js';
import type { ListStore } from '../list-store.js';

/** The document statuses, read whole (SPEC 4). */
export const documentStatuses = (core: Pick<Core, 'referenceList'>): ListStore => core.referenceList(RESOURCE.documentStatuses);

/**
 * Reads the document statuses once the explainer names them: a server without treasury has
 * none, and asking anyway would be a 404 at every start.
 */
export function loadDocumentStatuses(core: Pick<Core, 'explainer' | 'referenceList'>): Promise<void> | undefined {
  if (!(RESOURCE.documentStatuses in core.explainer.resources.value)) return undefined;
  return documentStatuses(core).load();
}
