import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { ApiRecord } from './contract.js';
import type { ListItem } from './list-store.js';

export interface Country extends ApiRecord {
  name: string;
}

export interface MemberState extends ApiRecord {
  name: string;
  marksEnd: boolean;
}

/** SPEC 3: the entry named Portugal is also placed first (it stays in its own place too). */
export function portugalFirst<T extends { name: string }>(countries: readonly T[]): T[] {
  const portugal = countries.find((c) => c.name === 'Portugal');
  return portugal ? [portugal, ...countries] : [...countries];
}

/** Active member states are those that do not mark the end of a membership. */
export function activeStates<T extends { marksEnd: boolean }>(states: readonly T[]): T[] {
  return states.filter((s) => !s.marksEnd);
}

export function countriesWithPortugalFirst(items: ReadonlySignal<ListItem<Country>[]>): ReadonlySignal<ListItem<Country>[]> {
  return computed(() => portugalFirst(items.value));
}

export function activeMemberStates(items: ReadonlySignal<ListItem<MemberState>[]>): ReadonlySignal<ListItem<MemberState>[]> {
  return computed(() => activeStates(items.value));
}
