// The settings schema as client and server both see it (GET /api/settings/schema): what each
// declared setting is, how it is edited and which values it takes. The server declares the
// settings (src/server/settings/catalogue.ts); this file holds only shapes and the one check
// both sides run on a value. Plain code without imports, so the server may import it.

/**
 * A settings page of the back office (SPEC 2): a client module's route places the settings form
 * with this name (`<associa-settings-form page="members">`), the server's declarations say which
 * settings it shows. A new domain brings its own page without a list to extend.
 */
export type SettingsPage = string;

export type SettingKind = 'boolean' | 'integer' | 'decimal' | 'text' | 'enum' | 'email' | 'url';

/** Who may read a setting: 'public' ones describe the organisation to anyone signed in or not. */
export type SettingReaders = 'public' | 'authenticated';

export interface SettingOption {
  value: string;
  label: string;
}

/** One declared setting as served to clients. Values are always stored as text. */
export interface SettingSchema {
  name: string;
  kind: SettingKind;
  /** pt-PT. */
  label: string;
  /** pt-PT help shown under the control. */
  hint?: string;
  /** integer, decimal: inclusive bounds. */
  min?: number;
  max?: number;
  /** decimal: at most this many digits after the point. */
  scale?: number;
  /** text: at most this many characters. */
  maxLength?: number;
  /** text: the whole value must match (JavaScript syntax, no anchors); an empty value is checked only when required. */
  pattern?: string;
  /** text: what to tell the user when the pattern does not match (pt-PT). */
  patternMessage?: string;
  /** text, email, url: an empty value is refused. */
  required?: boolean;
  /** enum: the allowed values with their pt-PT labels. */
  options?: readonly SettingOption[];
  /** The settings page showing it, in declaration order; null: not edited on any page. */
  page: SettingsPage | null;
  readers: SettingReaders;
  /**
   * The server sets the value itself (at every start, from its configuration): no client may
   * change it, and a settings page shows it as text. `changedIn` says where it is changed instead.
   */
  readOnly?: boolean;
  /** pt-PT: where a read-only setting is changed, e.g. an environment variable of the server. */
  changedIn?: string;
}

export interface SettingsSchemaResponse {
  data: { settings: SettingSchema[] };
}

/** Path of the schema under the API base. */
export const SETTINGS_SCHEMA_PATH = 'settings/schema';

const number = (n: number) => n.toLocaleString('pt-PT');
// A plain address check: something@domain.tld, no spaces. Deliverability is the mail server's business.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function urlProblem(value: string): string | null {
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return null;
  } catch {
    // Not an absolute address: same answer as a wrong scheme.
  }
  return 'Indique um endereço completo, começado por http:// ou https://.';
}

/** Why `value` cannot be stored for this setting, in pt-PT, or null when it can. */
export function settingProblem(schema: SettingSchema, value: string): string | null {
  switch (schema.kind) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'Indique ligado (true) ou desligado (false).';
    case 'integer': {
      const min = schema.min ?? 0;
      const max = schema.max ?? Number.MAX_SAFE_INTEGER;
      const ok = /^-?\d{1,15}$/.test(value) && Number(value) >= min && Number(value) <= max;
      return ok ? null : `Indique um número inteiro de ${number(min)} a ${number(max)}.`;
    }
    case 'decimal': {
      const min = schema.min ?? 0;
      const max = schema.max ?? 999_999_999;
      const scale = schema.scale ?? 2;
      const ok = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${scale}})?$`).test(value) && Number(value) >= min && Number(value) <= max;
      const places = scale === 1 ? '1 casa decimal' : `${scale} casas decimais`;
      const example = (12.5).toFixed(Math.max(scale, 1));
      return ok ? null : `Indique um valor de ${number(min)} a ${number(max)}, com ponto decimal e até ${places} (por exemplo ${example}).`;
    }
    case 'enum':
      return schema.options?.some((o) => o.value === value)
        ? null
        : `Escolha um destes valores: ${(schema.options ?? []).map((o) => o.label).join(', ')}.`;
    case 'text':
    case 'email':
    case 'url': {
      if (value === '') return schema.required ? 'Este valor é obrigatório.' : null;
      if (schema.maxLength !== undefined && value.length > schema.maxLength) {
        return `O valor é demasiado longo (máximo ${number(schema.maxLength)} caracteres).`;
      }
      if (schema.kind === 'email') return EMAIL.test(value) ? null : 'Indique um endereço de e-mail válido.';
      if (schema.kind === 'url') return urlProblem(value);
      if (schema.pattern && !new RegExp(`^(?:${schema.pattern})$`, 'u').test(value)) return schema.patternMessage ?? 'O valor tem um formato inválido.';
      return null;
    }
  }
}
