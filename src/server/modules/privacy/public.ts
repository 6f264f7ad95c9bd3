// The privacy domain as other domains use it. Imported from outside privacy through this file only.
// The consent register: the application form's consents, recorded on the application and carried
// to the member its acceptance creates.
export { activePurposes, applicationAnswers, carryApplicationConsents, recordApplicationConsents } from './consents/register.js';
// The register of data-subject requests: the day an answer is due (the demo's requests).
export { answerDueOn } from './erasure/requests.js';
