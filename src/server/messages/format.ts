// How the messages of every domain write their values and wrap their HTML: reminders, the
// applications' e-mails, the payment-link texts staff copy. One place, so they read alike.
import { formatCents } from '../../core/number-format.js';
import { escapeHtml } from './escape-html.js';

/** Cents as pt-PT euros, as a message's text shows them: the interface's one rule ("8 834,04 €"). */
export const formatEuros = (cents: number): string => formatCents(cents);

/** A rendered body as a whole HTML e-mail (language, encoding, a width that reads on a phone). */
export const htmlEmail = (subject: string, body: string): string =>
  `<!doctype html>\n<html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
  `<body style="font-family: sans-serif; line-height: 1.5; max-width: 40em">\n${body}\n</body></html>\n`;
