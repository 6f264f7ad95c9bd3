// The collecting elements' row of buttons, small form and group of filters are feature-kit's,
// shared with the other domains (one copy); this name stays for the collecting elements' imports.
export { Buttons, FilterGroup, SmallForm } from '../feature-kit/groups.js';
