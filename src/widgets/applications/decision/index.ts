// What other features of the applications domain use of the decision: its buttons and the application's files.
export { Decision } from './decision.js';
export { ApplicationFiles } from './evidence.js';
