import { TOTP_DIGITS } from '../../core/two-factor.js';
import { badRequest } from '../errors.js';

// Tickets are 43 characters and recovery codes 11; anything much longer is not one.
const MAX_LENGTH = 200;

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.trim().length === 0) throw badRequest(`O campo "${name}" é obrigatório e deve ser texto.`);
  if (value.length > MAX_LENGTH) throw badRequest(`O campo "${name}" é demasiado longo.`);
  return value.trim();
}

export const ticketOf = (body: Record<string, unknown>): string => text(body, 'ticket');

/** A 6-digit code; spaces are allowed, as apps show "123 456". */
export function codeOf(body: Record<string, unknown>): string {
  const code = text(body, 'code').replace(/\s/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) throw badRequest(`O código deve ter ${TOTP_DIGITS} dígitos.`);
  return code;
}

export type SecondFactorAnswer = { code: string } | { recoveryCode: string };

/** Exactly one of `code` and `recoveryCode`. */
export function secondFactorAnswer(body: Record<string, unknown>): SecondFactorAnswer {
  if ('code' in body === 'recoveryCode' in body) throw badRequest('Indique o código de 6 dígitos ou um código de recuperação.');
  return 'code' in body ? { code: codeOf(body) } : { recoveryCode: text(body, 'recoveryCode') };
}

export function passwordOf(body: Record<string, unknown>): string {
  const value = body.password;
  if (typeof value !== 'string' || value.length === 0) throw badRequest('O campo "password" é obrigatório e deve ser texto.');
  if (value.length > 1024) throw badRequest('O campo "password" é demasiado longo.');
  return value;
}
