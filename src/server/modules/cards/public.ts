// What other domains and server code use of cards: issuing a card and the validity it gets.
// Imported from outside cards through this file only.
export { issueCard } from './issue.js';
export { cardValidity, newcomerValidity } from './validity.js';
// Reading a card at a door (the assemblies' check-in and votes): the code in what was scanned, and the checked, logged card.
export { scannedCode } from './checkin-scan.js';
export { checkCard } from './verify.js';
