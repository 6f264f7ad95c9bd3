// Reference data (countries, member states), as forms offer it.
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { RESOURCE } from '../contract.js';
import type { Core } from '../core.js';
import type { ListItem, ListStore } from '../list-store.js';
import type { Country, MemberState } from '../records.js';

/** SPEC 3: the entry named Portugal is also placed first (it stays in its own place too). */
export function portugalFirst<T>(countries: readonly T[], nameOf: (country: T) => string): T[] {
  const portugal = countries.find((c) => nameOf(c) === 'Portugal');
  return portugal ? [portugal, ...countries] : [...countries];
}

/** Active member states are those that do not mark the end of a membership. */
export function activeStates<T extends { marksEnd: boolean }>(states: readonly T[]): T[] {
  return states.filter((s) => !s.marksEnd);
}

export interface ReferenceLists {
  countries: ListStore<Country>;
  countriesPortugalFirst: ReadonlySignal<ListItem<Country>[]>;
  memberStates: ListStore<MemberState>;
  activeMemberStates: ReadonlySignal<ListItem<MemberState>[]>;
}

/** The countries and member states, each read whole into the core's one store of its resource. */
export function referenceLists(core: Pick<Core, 'referenceList'>): ReferenceLists {
  const countries = core.referenceList<Country>(RESOURCE.countries);
  const memberStates = core.referenceList<MemberState>(RESOURCE.memberStates);
  return {
    countries,
    countriesPortugalFirst: computed(() => portugalFirst(countries.items.value, (c) => c.name)),
    memberStates,
    activeMemberStates: computed(() => activeStates(memberStates.items.value)),
  };
}
