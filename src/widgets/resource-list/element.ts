import { defineElement } from '../kit/index.js';
import { ResourceList } from './resource-list.js';

/**
 * `<associa-resource-list resource="members" edit-path="/socios/:id" mode="pages|infinite"
 *   columns="number,name,email" label="Sócios" external-actions="true" selectable="true" sort="-date">`
 *
 * `sort` is the order the list opens in until the user sorts it otherwise (their choice is kept
 * for the session); absent, the API's default (`created_at` ascending).
 *
 * `empty-message` and `empty-actions` (JSON `[{"path": "/socios/importar", "label": "Importar sócios"}]`)
 * say what to do while the list has no records at all (no search or filter on): the page's
 * declared empty state (a client module's list part, `empty`). Absent: "Sem resultados.".
 *
 * Events out: `associa-navigate` {path} when a row is opened (click, Enter or Space) or an empty state's action followed;
 * `associa-selection` {resource, ids, all, query} when the picked rows change. Rows can be
 * picked where the caller may change or delete them, and anywhere with `selectable="true"`.
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
    selectable: 'boolean',
    sort: 'string',
    emptyMessage: 'string',
    emptyActions: 'string',
  },
});
