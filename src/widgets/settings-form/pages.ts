// Which settings each settings page of the back office shows (SPEC 2), for the host:
//
//     <associa-settings-form names={settingsNames('messages')}>
//
// Every setting of the server's defaults belongs to exactly one page, except `client` and
// `filesDir`, which describe the installation rather than the organisation.

export const SETTINGS_PAGES = {
  /** /configuracao{Members} (memberSettings): terminology and membership fees. */
  members: [
    'orgType',
    'memberSingular',
    'memberPlural',
    'memberURLSingular',
    'memberURLPlural',
    'membershipPayments',
    'membershipPaymentsURL',
    'membershipPaymentAmount',
    'membershipPaymentPeriod',
  ],
  /** /configuracaoCandidaturas (memberApplicationSettings). */
  applications: ['hasMemberApplication'],
  /** /configuracaoCartoes{Members} (membershipCardSettings). */
  cards: ['membershipCardValidityYears'],
  /** /configuracaoMensagens (messageSettings): the 'Alterar' link of the SendMessages banner lands here. */
  messages: ['SendMessages', 'automatedMemberPayments'],
  /** /configuracaoTesouraria. */
  treasury: ['hasTreasury', 'iban', 'currency'],
  /**
   * The organisation's own details and its security rules (two-factor for administrators,
   * idle sessions, audit retention); shown on the users settings page (/utilizadores), the
   * settings landing, where an administrator manages who may sign in.
   */
  organisation: [
    'name',
    'orgNif',
    'orgEmail',
    'orgPhone',
    'orgAddress',
    'orgWebsite',
    'supportUrl',
    'requireTwoFactorForAdmins',
    'sessionIdleDays',
    'auditRetentionDays',
  ],
} as const satisfies Record<string, readonly string[]>;

export type SettingsPage = keyof typeof SETTINGS_PAGES;

/** The `names` attribute of <associa-settings-form> for a page. */
export function settingsNames(page: SettingsPage): string {
  return SETTINGS_PAGES[page].join(',');
}

/** Parses a `names` attribute: comma-separated, blanks ignored, order kept. */
export function parseNames(names: string | undefined): string[] | null {
  if (names === undefined) return null;
  return [...new Set(names.split(',').map((n) => n.trim()).filter(Boolean))];
}
