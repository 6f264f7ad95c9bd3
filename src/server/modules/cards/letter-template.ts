// The cover letter's text: a pt-PT template staff edit in the cards settings, with placeholders.

export const LETTER_PLACEHOLDERS = ['nome', 'primeiro_nome', 'numero', 'organizacao', 'cartao', 'valido_ate', 'codigo'] as const;
export type LetterValues = Record<(typeof LETTER_PLACEHOLDERS)[number], string>;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** Why a template cannot be kept (an unknown placeholder would be printed as is), or null. */
export function templateProblem(template: string): string | null {
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(LETTER_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length === 0) return null;
  return `Marcador desconhecido: {${unknown[0]!}}. Use só ${LETTER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;
}

export const fillTemplate = (template: string, values: LetterValues): string =>
  template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as keyof LetterValues] : whole));
