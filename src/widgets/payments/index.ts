// The public entry of the payments domain for other domains' elements: a member's statement,
// read through the core's queries (the treasury's document page finds a receipt's payment on it).
export { useStatement } from './queries.js';
// A member's standing as a badge ('Em dia', 'Em atraso (…)'): the household's members list shows each one's.
export { StandingBadge } from './standing-badge.js';
