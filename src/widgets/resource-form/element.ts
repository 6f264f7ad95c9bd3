import { defineElement } from '../kit/index.js';
import { ResourceForm } from './resource-form.js';

/**
 * `<associa-resource-form resource="members" record-id="42" hidden-fields="notes"
 *   readonly-fields="number,state" fields="name,email" no-delete="true">`
 *
 * Without record-id the form creates a record. Events out: `associa-saved` {resource, id}
 * after a create or update, `associa-deleted` {resource, id} after a confirmed delete.
 */
export const ResourceFormElement = defineElement('associa-resource-form', ResourceForm, {
  attributes: {
    resource: 'string',
    recordId: 'string',
    fields: 'string',
    hiddenFields: 'string',
    readonlyFields: 'string',
    noDelete: 'boolean',
  },
});
