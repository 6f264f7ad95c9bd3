import type { Core } from '../../core/index.js';
import { TOTP_DIGITS, TWO_FACTOR_PATHS, type RecoveryCodesAnswer, type TotpEnrolment } from '../../core/two-factor.js';

/** The two-factor endpoints; `ticket` stands in for a session during a login that must enrol. */
export function twoFactorApi(core: Core) {
  const withTicket = (ticket: string | undefined, body: object = {}) => (ticket ? { ...body, ticket } : body);
  return {
    enrol: async (ticket?: string) => (await core.http.post<{ data: TotpEnrolment }>(TWO_FACTOR_PATHS.enrol, withTicket(ticket))).data.data,
    confirm: async (code: string, ticket?: string) =>
      (await core.http.post<{ data: RecoveryCodesAnswer }>(TWO_FACTOR_PATHS.confirm, withTicket(ticket, { code }))).data.data,
    disable: async (proof: { password: string } | { code: string }) => {
      await core.http.post(TWO_FACTOR_PATHS.disable, proof);
    },
    regenerate: async (code: string) => (await core.http.post<{ data: RecoveryCodesAnswer }>(TWO_FACTOR_PATHS.recoveryCodes, { code })).data.data,
  };
}

/** The code as the server wants it (apps show "123 456"), or null when it is not 6 digits. */
export function cleanCode(typed: string): string | null {
  const code = typed.replace(/\s/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? code : null;
}
