// Two-factor login (TOTP) as client and server both see it: request and answer shapes,
// endpoint paths and constants. Plain types only, so the server may import it.
import type { TokenPair } from './contract.js';

/**
 * What `POST /auth {username, password}` answers instead of tokens when a second step is
 * needed: 'totp' asks for a code of the authenticator app (or a recovery code); 'enrol' means
 * the account must set up two-factor login first (required for administrators by a setting).
 */
export interface SecondFactorChallenge {
  secondFactor: 'totp' | 'enrol';
  /** Single use, valid a few minutes; sent back with the code. */
  ticket: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** ISO time it was turned on. */
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** The organisation requires it of this account (an administrator with the setting on). */
  required: boolean;
}

/** Start of an enrolment: the secret for manual entry, its otpauth URI and that URI as an SVG QR code. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** Answer of a confirmed enrolment or of new recovery codes; `tokens` when it ended a login. */
export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
  tokens?: TokenPair;
}

/** Endpoints, relative to the API base. */
export const TWO_FACTOR_PATHS = {
  status: 'auth/two-factor',
  enrol: 'auth/two-factor/enrol',
  confirm: 'auth/two-factor/confirm',
  disable: 'auth/two-factor/disable',
  recoveryCodes: 'auth/two-factor/recovery-codes',
} as const;

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const REQUIRE_TWO_FACTOR_SETTING = 'requireTwoFactorForAdmins';

export function isSecondFactorChallenge(value: unknown): value is SecondFactorChallenge {
  const v = value as SecondFactorChallenge | null;
  return typeof v === 'object' && v !== null && (v.secondFactor === 'totp' || v.secondFactor === 'enrol') && typeof v.ticket === 'string';
}
