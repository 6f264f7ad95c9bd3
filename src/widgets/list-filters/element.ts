// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../kit/define-element.js';
import { ListFilters } from './list-filters.js';

/**
 * `<associa-list-filters resource="payments" legend="Mais filtros">`: for staff, the filters
 * above a list that its own panel does not offer: date or number ranges and on/off filters
 * chosen per resource (payments: date; member_balances: years owed, oldest due, only who owes
 * now, ticked the first time; treasury_docs: issue date), and the filters the resource's
 * explainer declares. They drive the page's own list (the same store as `<associa-resource-list
 * resource="…">`), so its count, paging and export follow. `legend` replaces the group's title.
 */
export const ListFiltersElement = defineElement('associa-list-filters', ListFilters, { attributes: { resource: 'string', legend: 'string' } });
