import { defineElement } from '../kit/index.js';
import { ResourceForm } from './resource-form.js';

/**
 * `<associa-resource-form resource="members" record-id="42" hidden-fields="notes"
 *   readonly-fields="number,state" fields="name,email" no-delete="true">`
 *
 * Without record-id the form creates a record. A save the server answers with 409
 * `probable_duplicate` shows its message, links to the records it names (`record-path`, ':id'
 * left in) and *Confirmar*, which sends the save again with the answer's `confirm` flag. Events out: `associa-saved` {resource, id}
 * after a create or update, `associa-deleted` {resource, id} after a confirmed delete,
 * `associa-dirty` {dirty} when unsaved changes appear or go (a page's router asks before
 * leaving them). Updates name the record's `_version`: if someone saved in between, or saves
 * while the form is open (heard over realtime), the user sees both changes and merges them.
 */
export const ResourceFormElement = defineElement('associa-resource-form', ResourceForm, {
  attributes: {
    resource: 'string',
    recordId: 'string',
    fields: 'string',
    hiddenFields: 'string',
    readonlyFields: 'string',
    noDelete: 'boolean',
    recordPath: 'string',
  },
});
