// Reminder templates: pt-PT text with {placeholders}, checked when a stage is saved (an unknown
// placeholder is refused then, never discovered at send time) and rendered as text and HTML.

import { escapeHtml } from '../../messages/escape-html.js';
import { formatEuros } from '../../messages/format.js';
import type { NameArticle } from '../../../core/contract.js';
import { contractBeforePlaceholder } from '../../../core/organisation-name.js';

/** The placeholders a reminder's subject and body may use, with what each stands for (pt-PT, shown to staff). */
export const PLACEHOLDERS = {
  nome: 'nome completo do sócio',
  primeiro_nome: 'primeiro nome do sócio',
  numero: 'número de sócio',
  total: 'total em dívida',
  dividas: 'tabela das dívidas',
  associacao: 'nome da associação',
  link_pagamento: 'ligação para a página de pagamento (só o sócio a vê)',
  referencia_multibanco: 'entidade, referência, valor e prazo Multibanco para pagar estas dívidas',
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
  /** The article the association's name takes: "de {associacao}" is written "da …" or "do …". */
  associationArticle: NameArticle;
  debts: readonly ReminderDebt[];
  /**
   * What {link_pagamento} becomes: the outbox's secret-link marker when sending (the link itself
   * reaches only the recipient), absent in previews, which show PREVIEW_LINK.
   */
  paymentLink?: string;
  /**
   * What {referencia_multibanco} becomes: the reference paying these debts, null when none could
   * be had (the member is pointed to the payment link), absent in previews.
   */
  multibanco?: MultibancoDetails | null;
}

/** A Multibanco reference as a member pays it at an ATM or in their bank's app. */
export interface MultibancoDetails {
  entity: string;
  /** 9 digits. */
  reference: string;
  /** Cents. */
  amount: number;
  /** The last day it can be paid, 'YYYY-MM-DD' in Lisbon. */
  payUntil: string;
}

/** {referencia_multibanco} in a preview: each reminder gets its reference when it is sent. */
const PREVIEW_REFERENCE = '[referência Multibanco: entidade, referência, valor e prazo]';
/** {referencia_multibanco} when no reference could be had. */
export const NO_REFERENCE = 'Para pagar por Multibanco, use a ligação de pagamento que recebeu da associação.';

/** {link_pagamento} in a preview: each message gets its own secret link when it is sent. */
const PREVIEW_LINK = '[ligação de pagamento]';

const formatDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;


const groupedReference = (reference: string): string => reference.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

const multibancoLines = (mb: MultibancoDetails): [string, string][] => [
  ['Entidade', mb.entity],
  ['Referência', groupedReference(mb.reference)],
  ['Valor', formatEuros(mb.amount)],
  ['Pagar até', formatDay(mb.payUntil)],
];

function multibancoText(data: ReminderData): string {
  if (data.multibanco === undefined) return PREVIEW_REFERENCE;
  if (data.multibanco === null) return NO_REFERENCE;
  return multibancoLines(data.multibanco).map(([label, value]) => `${label}: ${value}`).join('\n');
}

function multibancoHtml(data: ReminderData): string {
  if (!data.multibanco) return escapeHtml(multibancoText(data));
  return '<table>' + multibancoLines(data.multibanco).map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('') + '</table>';
}

function values(data: ReminderData): Record<Exclude<Placeholder, 'dividas' | 'referencia_multibanco'>, string> {
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
  return contractBeforePlaceholder(template, 'associacao', data.associationArticle).replace(PLACEHOLDER, (whole, name: string) => {
    if (name === 'dividas') return debtsText(data.debts);
    if (name === 'referencia_multibanco') return multibancoText(data);
    return filled[name as keyof typeof filled] ?? whole;
  });
}

/** One placeholder as HTML: tables for the debts and the reference, a clickable payment link. */
function placeholderHtml(name: string, whole: string, data: ReminderData, filled: ReturnType<typeof values>): string {
  if (name === 'dividas') return debtsHtml(data.debts);
  if (name === 'referencia_multibanco') return multibancoHtml(data);
  if (name === 'link_pagamento' && data.paymentLink !== undefined) {
    const link = escapeHtml(data.paymentLink);
    return `<a href="${link}">${link}</a>`;
  }
  return escapeHtml(filled[name as keyof typeof filled] ?? whole);
}

/**
 * The template as HTML: the template's own text and every value are escaped, line breaks become
 * <br>, {dividas} and {referencia_multibanco} become tables and {link_pagamento} a link.
 */
export function renderHtml(written: string, data: ReminderData): string {
  const filled = values(data);
  const template = contractBeforePlaceholder(written, 'associacao', data.associationArticle);
  let html = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    html += escapeHtml(template.slice(last, match.index)).replace(/\r?\n/g, '<br>\n');
    html += placeholderHtml(match[1]!, match[0], data, filled);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(template.slice(last)).replace(/\r?\n/g, '<br>\n');
}
