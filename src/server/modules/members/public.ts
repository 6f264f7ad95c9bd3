// The members resource. Imported from outside members through this file only.
export { members } from './members.js';
