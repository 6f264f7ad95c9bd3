// Reminder templates: pt-PT text with {placeholders}, checked when a stage is saved (an unknown
// placeholder is refused then, never discovered at send time) and rendered as text and HTML.

/** The placeholders a reminder's subject and body may use, with what each stands for (pt-PT, shown to staff). */
export const PLACEHOLDERS = {
  nome: 'nome completo do sócio',
  primeiro_nome: 'primeiro nome do sócio',
  numero: 'número de sócio',
  total: 'total em dívida',
  dividas: 'tabela das dívidas',
  associacao: 'nome da associação',
  link_pagamento: 'ligação para a página de pagamento (só o sócio a vê)',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Why a template cannot be saved (pt-PT, naming the unknown placeholders), or null. */
export function templateProblem(template: string): string | null {
  const unknown = [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(name in PLACEHOLDERS)))];
  if (unknown.length === 0) return null;
  const names = unknown.map((name) => `{${name}}`).join(', ');
  const known = Object.keys(PLACEHOLDERS).map((name) => `{${name}}`).join(', ');
  return `${unknown.length === 1 ? 'Marcador desconhecido' : 'Marcadores desconhecidos'}: ${names}. Use apenas ${known}.`;
}

export interface ReminderDebt {
  description: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** Cents still owed. */
  owed: number;
}

export interface ReminderData {
  name: string;
  number: number | null;
  association: string;
  debts: readonly ReminderDebt[];
  /**
   * What {link_pagamento} becomes: the outbox's secret-link marker when sending (the link itself
   * reaches only the recipient), absent in previews, which show PREVIEW_LINK.
   */
  paymentLink?: string;
}

/** {link_pagamento} in a preview: each message gets its own secret link when it is sent. */
const PREVIEW_LINK = '[ligação de pagamento]';

const EUROS = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' });
export const formatEuros = (cents: number): string => EUROS.format(cents / 100);
const formatDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function values(data: ReminderData): Record<Exclude<Placeholder, 'dividas'>, string> {
  return {
    nome: data.name,
    primeiro_nome: data.name.trim().split(/\s+/)[0] ?? '',
    numero: data.number === null ? '' : String(data.number),
    total: formatEuros(data.debts.reduce((sum, debt) => sum + debt.owed, 0)),
    associacao: data.association,
    link_pagamento: data.paymentLink ?? PREVIEW_LINK,
  };
}

const debtsText = (debts: readonly ReminderDebt[]): string =>
  debts.map((debt) => `- ${debt.description} (vencimento ${formatDay(debt.dueDate)}): ${formatEuros(debt.owed)}`).join('\n');

const debtsHtml = (debts: readonly ReminderDebt[]): string =>
  '<table><thead><tr><th>Dívida</th><th>Vencimento</th><th>Valor</th></tr></thead><tbody>' +
  debts.map((debt) => `<tr><td>${escapeHtml(debt.description)}</td><td>${formatDay(debt.dueDate)}</td><td>${escapeHtml(formatEuros(debt.owed))}</td></tr>`).join('') +
  '</tbody></table>';

/** The template as plain text (an e-mail's text part, a subject). */
export function renderText(template: string, data: ReminderData): string {
  const filled = values(data);
  return template.replace(PLACEHOLDER, (whole, name: string) => (name === 'dividas' ? debtsText(data.debts) : (filled[name as keyof typeof filled] ?? whole)));
}

/**
 * The template as HTML: the template's own text and every value are escaped, line breaks become
 * <br>, and {dividas} becomes a table.
 */
export function renderHtml(template: string, data: ReminderData): string {
  const filled = values(data);
  let html = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    html += escapeHtml(template.slice(last, match.index)).replace(/\r?\n/g, '<br>\n');
    const name = match[1]!;
    html += name === 'dividas' ? debtsHtml(data.debts) : escapeHtml(filled[name as keyof typeof filled] ?? match[0]);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(template.slice(last)).replace(/\r?\n/g, '<br>\n');
}
