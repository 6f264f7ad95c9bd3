// The kit's modules by their own paths, not its index, which would load the whole core.
import { defineElement } from '../../kit/define-element.js';
import { Modelo25Download } from './modelo25.js';

/**
 * `<associa-modelo25>`: for staff, the year's donations as the CSV of the Declaração modelo 25
 * (GET donations/modelo25?year=), the year before by default (the declaration is delivered in
 * February).
 */
export const Modelo25Element = defineElement('associa-modelo25', Modelo25Download, { attributes: {} });
