// The first-run checklist (decision 0049) as client and server both see it: its steps, the
// answer of GET /api/setup, and the two settings that keep what the settings themselves cannot
// say (a step skipped, a step confirmed by hand). Plain code without imports, so the server may
// import it.

/** The checklist's steps, in the order the admin meets them. */
export const SETUP_STEPS = ['identity', 'fees', 'mail', 'payments', 'members', 'backups'] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];

/** The setting holding the skipped steps, and the one holding the steps confirmed by hand (or by a passed test). */
export const SETUP_SETTING = { skipped: 'setupSkipped', confirmed: 'setupConfirmed' } as const;

/** The pattern both settings take: step names, comma-separated, or nothing. */
export const SETUP_LIST_PATTERN = `(?:(?:${SETUP_STEPS.join('|')})(?:,(?:${SETUP_STEPS.join('|')}))*)?`;

/** The steps a setting's text names (unknown words left out), in checklist order. */
export function parseSetupList(text: string | undefined | null): SetupStepKey[] {
  const named = new Set((text ?? '').split(',').map((word) => word.trim()));
  return SETUP_STEPS.filter((step) => named.has(step));
}

/** The text a setting stores for these steps: without repeats, in checklist order. */
const formatSetupList = (steps: Iterable<SetupStepKey>): string => parseSetupList([...steps].join(',')).join(',');

/** `list` with `step` added or taken away, as stored text. */
export function toggledSetupList(text: string | undefined | null, step: SetupStepKey, present: boolean): string {
  const steps = new Set(parseSetupList(text));
  if (present) steps.add(step);
  else steps.delete(step);
  return formatSetupList(steps);
}

export type SetupStepState = 'done' | 'skipped' | 'open';

export interface SetupStep {
  key: SetupStepKey;
  state: SetupStepState;
  /** pt-PT: what is there now ("NIF 501234567, morada preenchida"), or what is missing. */
  summary: string;
  /** Whether the admin marks it done by hand (nothing in the settings says so). */
  confirmable: boolean;
}

/** The e-mail sending the server has: its configuration, shown read-only (never a password). */
export interface SetupMail {
  /** host:port of SMTP_URL, or null when the server has none. */
  server: string | null;
  /** MAIL_FROM. */
  from: string;
  /** Setting SendMessages: the outbox leaves the server. */
  sending: boolean;
  /** Where the test message goes: the asking admin's own e-mail, or null when their account has none. */
  recipient: string | null;
}

/** How members can pay, as configured now. */
export interface SetupPayments {
  /** The payment provider in use: ifthenpay (keys in the server's configuration), the association's own references, or none. */
  provider: 'ifthenpay' | 'local' | null;
  /** The methods offered besides transfers (multibanco, mbway). */
  methods: string[];
  /** Setting associationIban is filled in. */
  transfer: boolean;
}

export interface SetupAnswer {
  /** Production mode: the checklist exists at all (a test-mode demo organisation is complete). */
  production: boolean;
  /** Every step done or skipped: the staff home stops showing it. */
  complete: boolean;
  steps: SetupStep[];
  mail: SetupMail;
  payments: SetupPayments;
  /** Setting orgLogo holds an uploaded logo. */
  logo: boolean;
}

/** What a test (a message, a call to the provider) answers: it went through, or why not, in pt-PT. */
export interface SetupTestResult {
  ok: boolean;
  message: string;
}

/** API paths under the API base. */
export const SETUP_PATHS = {
  answer: 'setup',
  testMessage: 'setup/test_message',
  testProvider: 'setup/test_provider',
  logo: 'organisation_logo',
} as const;

/** The setting holding the logo's file id (empty: none). */
export const LOGO_SETTING = 'orgLogo';
