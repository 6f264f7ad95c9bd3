import type { OrgType } from '../../core/contract.js';
import type { SettingSchema } from '../../core/settings-schema.js';

/**
 * One setting as a module declares it: its schema (served to clients, checked on every write)
 * and its default, seeded into a new organisation. A default may depend on the organisation's
 * type (the terminology words).
 */
export interface SettingDeclaration extends SettingSchema {
  default: string | ((orgType: OrgType) => string);
  /** A server-side check beyond the schema's (an IBAN's check digits): why `value` is refused, in pt-PT, or null. */
  check?: (value: string) => string | null;
}

/** The value a setting starts with in an organisation of this type. */
export function defaultOf(declaration: SettingDeclaration, orgType: OrgType): string {
  return typeof declaration.default === 'function' ? declaration.default(orgType) : declaration.default;
}
