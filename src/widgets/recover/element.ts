import { defineElement } from '../kit/index.js';
import { Recover } from './recover.js';

/**
 * `<associa-recover code="{recoverCode}" api="…">`: logs in with an e-mailed code, offers a new
 * password, then sends `associa-navigate` (replace) to the user's home.
 */
export const RecoverElement = defineElement('associa-recover', Recover, { attributes: { code: 'string' } });
