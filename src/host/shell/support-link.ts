import type { AccessClaims, UserInfo } from '../../core/index.js';
import { SUPPORT_EMAIL } from './texts.js';

export interface SupportDetails {
  orgType: string | null;
  claims: AccessClaims;
  user: UserInfo | null;
  /** The organisation's `supportUrl` setting; e-mail to Associa's support when empty. */
  supportUrl: string | undefined;
}

/**
 * SPEC 2: the support link carries organisation type, user name, username, role and e-mail,
 * as query parameters of the support address, or in the body of a support e-mail.
 */
export function supportHref({ orgType, claims, user, supportUrl }: SupportDetails): string {
  const fields: Array<[string, string]> = [
    ['orgType', orgType ?? ''],
    ['name', claims.Name],
    ['username', user?.username ?? ''],
    ['role', claims.Role],
    ['email', user?.email ?? ''],
  ];
  if (supportUrl && /^https?:\/\//.test(supportUrl)) {
    const url = new URL(supportUrl);
    for (const [key, value] of fields) url.searchParams.set(key, value);
    return url.toString();
  }
  const body = [
    'Descreva aqui o problema:',
    '',
    '',
    '---',
    `Tipo de organização: ${fields[0]![1]}`,
    `Nome: ${fields[1]![1]}`,
    `Utilizador: ${fields[2]![1]}`,
    `Função: ${fields[3]![1]}`,
    `E-mail: ${fields[4]![1]}`,
  ].join('\n');
  const query = new URLSearchParams({ subject: 'Pedido de suporte técnico', body }).toString().replace(/\+/g, '%20');
  return `mailto:${SUPPORT_EMAIL}?${query}`;
}
