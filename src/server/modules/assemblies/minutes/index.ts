import type { ModulePart } from '../part.js';

/** The minutes part of the assemblies module: its actions and routes. */
export const minutesPart: ModulePart = {
  actions: [],
};
