import type { OrgType } from '../../core/contract.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import type { Config } from '../config.js';

/**
 * One setting as a module declares it: its schema (served to clients, checked on every write)
 * and its default, seeded into a new organisation. A default may depend on the organisation's
 * type (the terminology words).
 */
export interface SettingDeclaration extends SettingSchema {
  default: string | ((orgType: OrgType) => string);
  /** A server-side check beyond the schema's (an IBAN's check digits): why `value` is refused, in pt-PT, or null. */
  check?: (value: string) => string | null;
  /**
   * A read-only setting's value, from the server's configuration: written into its row at every
   * start (src/server/settings/server-values.ts), so the settings list and readSetting agree.
   */
  serverValue?: (config: Config) => string;
}

/** The value a setting starts with in an organisation of this type. */
export function defaultOf(declaration: SettingDeclaration, orgType: OrgType): string {
  return typeof declaration.default === 'function' ? declaration.default(orgType) : declaration.default;
}
