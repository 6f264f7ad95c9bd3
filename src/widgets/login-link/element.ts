import { defineElement } from '../kit/index.js';
import { LoginLink } from './login-link.js';

/** `<associa-login-link api="…">`: asks for a login link by e-mail (login by link, password recovery). */
export const LoginLinkElement = defineElement('associa-login-link', LoginLink, { attributes: {} });
