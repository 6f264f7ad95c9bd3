import { defineElement } from '../kit/index.js';
import { UserPassword } from './user-password.js';

/** `<associa-user-password user-id="12" api="…">`: sets a user's password; sends `associa-saved` ({resource: 'users'}). */
export const UserPasswordElement = defineElement('associa-user-password', UserPassword, { attributes: { userId: 'string' } });
