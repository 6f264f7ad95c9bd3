import type { OrgType } from '../../core/contract.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import { MEMBERSHIP_SETTINGS } from '../modules/members/member-settings.js';
import { MESSAGE_SETTINGS } from '../modules/messages/message-settings.js';
import { DUES_SETTINGS } from '../modules/dues/dues-settings.js';
import { REMINDER_SETTINGS } from '../modules/reminders/reminder-settings.js';
import { DIRECT_DEBIT_SETTINGS } from '../modules/direct-debit/direct-debit-settings.js';
import { COLLECTING_SETTINGS } from '../modules/collecting/collecting-settings.js';
import { PAYMENT_LINK_SETTINGS } from '../modules/payment-links/payment-link-settings.js';
import { CARD_SETTINGS } from '../modules/cards/card-settings.js';
import { APPLICATION_SETTINGS } from '../modules/applications/application-settings.js';
import { TREASURY_DOC_SETTINGS } from '../modules/treasury/treasury-settings.js';
import { DONATION_SETTINGS } from '../modules/treasury/donations/donation-settings.js';
import { ORGANISATION_SETTINGS, SECURITY_SETTINGS, TREASURY_SETTINGS } from '../modules/settings/organisation-settings.js';
import { defaultOf, type SettingDeclaration } from './declaration.js';

export interface SettingsCatalogue {
  /** Every declaration, in order: the order of a page's settings on screen. */
  readonly all: readonly SettingDeclaration[];
  get(name: string): SettingDeclaration | undefined;
  /** Name → initial value for a new organisation of this type. */
  defaults(orgType: OrgType): Record<string, string>;
  /** What clients see: the declarations without their defaults. */
  schema(): SettingSchema[];
}

/** One catalogue of the declaration lists given (a list per domain or module); a name declared twice is a programming error. */
function createSettingsCatalogue(...lists: readonly (readonly SettingDeclaration[])[]): SettingsCatalogue {
  const all = lists.flat();
  const byName = new Map<string, SettingDeclaration>();
  for (const declaration of all) {
    if (byName.has(declaration.name)) throw new Error(`Setting ${declaration.name} is declared twice`);
    byName.set(declaration.name, declaration);
  }
  return {
    all,
    get: (name) => byName.get(name),
    defaults: (orgType) => Object.fromEntries(all.map((d) => [d.name, defaultOf(d, orgType)])),
    schema: () => all.map(({ default: _default, check: _check, ...schema }) => schema),
  };
}

// The modules' own lists, imported here rather than read from appModules: the settings resource
// (a module) checks its writes against this catalogue, so building it from the modules would be
// an import cycle. test/server/module-settings.test.ts checks both hold the same declarations.
const CORE_LISTS = [ORGANISATION_SETTINGS, SECURITY_SETTINGS, MEMBERSHIP_SETTINGS, DUES_SETTINGS, COLLECTING_SETTINGS, MESSAGE_SETTINGS, REMINDER_SETTINGS, TREASURY_SETTINGS, DIRECT_DEBIT_SETTINGS, PAYMENT_LINK_SETTINGS, CARD_SETTINGS, TREASURY_DOC_SETTINGS, DONATION_SETTINGS, APPLICATION_SETTINGS] as const;

/** The settings of this server. */
export const SETTINGS = createSettingsCatalogue(...CORE_LISTS);

type CoreSetting = (typeof CORE_LISTS)[number][number];
export type CoreSettingName = CoreSetting['name'];
type ValueOfKind<K> = K extends 'boolean' ? boolean : K extends 'integer' | 'decimal' ? number : string;
/** The type a reader gets for a declared setting: boolean, number or string by its kind. */
export type SettingValue<N extends CoreSettingName> = ValueOfKind<Extract<CoreSetting, { name: N }>['kind']>;
