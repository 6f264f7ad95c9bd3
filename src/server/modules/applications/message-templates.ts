// The applications' messages: pt-PT templates staff edit in the applications settings, with
// {placeholders}. An unknown placeholder is refused when the setting is saved, never sent as is.

import { escapeHtml } from '../../messages/escape-html.js';

export const APPLICATION_PLACEHOLDERS = {
  confirmation: ['nome', 'primeiro_nome', 'organizacao', 'link_confirmacao', 'validade_dias'],
  welcome: ['nome', 'primeiro_nome', 'organizacao', 'numero', 'link_pagamento'],
  rejection: ['nome', 'primeiro_nome', 'organizacao', 'motivo'],
} as const;
export type ApplicationMessage = keyof typeof APPLICATION_PLACEHOLDERS;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** Why a template of `kind` cannot be kept (naming the first unknown placeholder), or null. */
export const templateProblem = (kind: ApplicationMessage) => (template: string): string | null => {
  const known: readonly string[] = APPLICATION_PLACEHOLDERS[kind];
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).find((name) => !known.includes(name));
  return unknown === undefined ? null : `Marcador desconhecido: {${unknown}}. Use só ${known.map((p) => `{${p}}`).join(', ')}.`;
};

export const placeholderHint = (kind: ApplicationMessage): string => `Marcadores: ${APPLICATION_PLACEHOLDERS[kind].map((p) => `{${p}}`).join(', ')}.`;

/** The template with its values; a value given as a `{{secret}}` marker stays a marker for the outbox to fill. */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>, html = false): string {
  let out = '';
  let last = 0;
  const text = (part: string) => (html ? escapeHtml(part).replace(/\r?\n/g, '<br>\n') : part);
  for (const match of template.matchAll(PLACEHOLDER)) {
    out += text(template.slice(last, match.index));
    const value = Object.hasOwn(values, match[1]!) ? values[match[1]!]! : match[0];
    out += html && value.startsWith('{{') ? `<a href="${value}">${value}</a>` : text(value);
    last = match.index + match[0].length;
  }
  return out + text(template.slice(last));
}

/** First name as the templates' {primeiro_nome}. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
