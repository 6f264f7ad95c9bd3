// What other domains and server code use of cards: issuing a card and the validity it gets.
// Imported from outside cards through this file only.
export { issueCard } from './issue.js';
export { cardValidity, newcomerValidity } from './validity.js';
