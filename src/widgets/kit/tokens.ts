// Theme tokens are CSS custom properties so an embedding site can restyle every element
// without touching its shadow DOM. Defaults live as var() fallbacks rather than as
// declarations on :host: a declaration on :host would shadow a value the page sets on an
// ancestor (custom properties inherit), while a fallback yields to both the element and
// any ancestor.

/** Every theme token an embedding page may set, with the value used when it does not. */
export const TOKEN_DEFAULTS = {
  'color-primary': '#1d4f91',
  'color-primary-contrast': '#ffffff',
  'color-text': '#1f2933',
  'color-text-muted': '#52606d',
  'color-background': '#ffffff',
  'color-surface': '#f5f7fa',
  'color-border': '#cbd2d9',
  'color-danger': '#b42318',
  'color-danger-surface': '#fef3f2',
  'color-warning-surface': '#fff4d6',
  'color-warning-text': '#6b4a00',
  'color-focus': '#2e7bd6',
  'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  'font-size': '1rem',
  radius: '6px',
  space: '8px',
} as const;

export type TokenName = keyof typeof TOKEN_DEFAULTS;

/** `--associa-{name}`: the property an embedding page sets. */
export function tokenProperty(name: TokenName): `--associa-${TokenName}` {
  return `--associa-${name}`;
}

/** A CSS value reading the token, falling back to its default. */
export function token(name: TokenName): string {
  return `var(${tokenProperty(name)}, ${TOKEN_DEFAULTS[name]})`;
}

/** A multiple of the spacing unit, e.g. `space(2)` for twice `--associa-space`. */
export function space(multiple: number): string {
  return `calc(${token('space')} * ${multiple})`;
}
