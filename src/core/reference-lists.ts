import type { ApiRecord } from './contract.js';

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
