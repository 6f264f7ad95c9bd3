// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { SeriesPanel } from './series-panel.js';

/**
 * `<associa-treasury-series>`: for staff, while the treasury is on, each document series' last
 * number issued and next number this year (GET treasury_series); an administrator may move the
 * next one forward (PUT treasury_series/{type}/{year}), never back to a number already issued,
 * which the server refuses in pt-PT.
 */
export const TreasurySeriesElement = defineElement('associa-treasury-series', SeriesPanel, { attributes: {} });
