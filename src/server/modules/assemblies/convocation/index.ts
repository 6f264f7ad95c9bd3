import type { ModulePart } from '../part.js';

/** The convocation part of the assemblies module: its actions and routes. */
export const convocationPart: ModulePart = {
  actions: [],
};
