// The public entry of <associa-resource-form>'s folder: the form itself, for the member's own details.
export { ResourceForm } from './resource-form.js';
