// The users resource. Imported from outside users through this file only.
export { users } from './users.js';
