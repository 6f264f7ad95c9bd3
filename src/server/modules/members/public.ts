// The members resource and the rule of the same person. Imported from outside members through this file only.
export { members } from './members.js';
export { DUPLICATE_REASONS, MATCHES, type DuplicateReason } from './same-person.js';
export { CONFIRM_DUPLICATE, type MemberDuplicate } from './duplicate-members.js';
export { messageRecipient, messageRecipients, type MessageRecipient } from './recipient.js';
export { GUARDIAN_RELATIONS } from './members.js';
