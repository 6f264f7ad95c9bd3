import { defineElement } from '../kit/index.js';
import { Login } from './login.js';

/**
 * `<associa-login api="…">`: username and password login.
 * Sends `associa-navigate` to '/dashboard' (member) or '/adminHome' (staff) after logging in.
 */
export const LoginElement = defineElement('associa-login', Login, { attributes: {} });
