import { defineElement } from '../kit/index.js';
import { ResourceList } from './resource-list.js';

/**
 * `<associa-resource-list resource="members" edit-path="/socios/:id" mode="pages|infinite"
 *   columns="number,name,email" label="Sócios" external-actions="true">`
 *
 * Events out: `associa-navigate` {path} when a row is opened (click, Enter or Space).
 * Commands in (on document): `associa-export` and `associa-columns` CustomEvents with
 * detail {resource?} export the current query as CSV and open the column chooser.
 */
export const ResourceListElement = defineElement('associa-resource-list', ResourceList, {
  attributes: {
    resource: 'string',
    editPath: 'string',
    mode: 'string',
    columns: 'string',
    label: 'string',
    externalActions: 'boolean',
  },
});
