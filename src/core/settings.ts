import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { RESOURCE, type ListResponse, type OrgType as KnownOrgType, type Setting } from './contract.js';
import { LIST_ALL, SETTINGS_RELOAD_THRESHOLD } from './constants.js';
import type { Http } from './http.js';

/** A known organisation type, or whatever text the setting holds. */
export type OrgType = KnownOrgType | (string & {});

export interface Settings {
  items: ReadonlySignal<Setting[]>;
  loaded: ReadonlySignal<boolean>;
  hasMemberApplication: ReadonlySignal<boolean>;
  hasTreasury: ReadonlySignal<boolean>;
  SendMessages: ReadonlySignal<boolean>;
  automatedMemberPayments: ReadonlySignal<boolean>;
  orgType: ReadonlySignal<OrgType | null>;
  get(name: string): string | undefined;
  load(): Promise<void>;
  /** Loads unless enough entries are held (SPEC 4: fewer than 15 means incomplete). */
  ensure(): Promise<void>;
}

export function settingValue(items: readonly Setting[], name: string): string | undefined {
  return items.find((s) => s.name === name)?.value;
}

export function needsReload(items: readonly Setting[]): boolean {
  return items.length < SETTINGS_RELOAD_THRESHOLD;
}

export function createSettings(http: Http): Settings {
  const items = signal<Setting[]>([]);
  const loaded = signal(false);
  const flag = (name: string) => computed(() => settingValue(items.value, name) === 'true');

  async function load() {
    const res = await http.get<ListResponse<Setting>>(RESOURCE.settings, { params: { _page: 1, _limit: LIST_ALL } });
    items.value = Array.isArray(res.data?.data) ? res.data.data : [];
    loaded.value = true;
  }

  return {
    items,
    loaded,
    hasMemberApplication: flag('hasMemberApplication'),
    hasTreasury: flag('hasTreasury'),
    SendMessages: flag('SendMessages'),
    automatedMemberPayments: flag('automatedMemberPayments'),
    orgType: computed(() => settingValue(items.value, 'orgType') ?? null),
    get: (name) => settingValue(items.value, name),
    load,
    ensure: () => (needsReload(items.value) ? load() : Promise.resolve()),
  };
}
