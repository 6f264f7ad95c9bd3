import type { ModulePart } from '../part.js';

/** The session part of the assemblies module: its actions and routes. */
export const sessionPart: ModulePart = {
  actions: [],
};
