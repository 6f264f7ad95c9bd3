import { defineElement } from '../kit/index.js';
import { TwoFactor } from './two-factor.js';

/**
 * `<associa-two-factor api="…">`: the logged-in staff member's own two-factor login (TOTP):
 * turn it on with an authenticator app, see the recovery codes once, renew them, turn it off.
 * Shows nothing to members.
 */
export const TwoFactorElement = defineElement('associa-two-factor', TwoFactor, { attributes: {} });
