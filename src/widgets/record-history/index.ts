// The public entry of <associa-record-history>'s folder: the history itself, for the member's home.
export { RecordHistory } from './record-history.js';
