// The messages resource (the outbox's records). Imported from outside messages through this file only.
export { messages } from './messages.js';
