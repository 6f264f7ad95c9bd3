// The reference data other domains read. Imported from outside reference through this file only.
export { endsMembership, firstActiveState } from './member-states.js';
