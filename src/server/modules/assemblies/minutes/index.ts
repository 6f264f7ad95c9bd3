import type { ModulePart } from '../part.js';
import { draftMinutesAction, finalizeMinutesAction } from './actions.js';
import { minutesRoutes } from './routes.js';

/**
 * The minutes part of the assemblies module: the draft written from the assembly's record, the
 * final numbered PDF stored with its hash, the members' own view of assemblies and published
 * minutes, and the public next assembly for `<associa-assembly>`.
 */
export const minutesPart: ModulePart = {
  actions: [draftMinutesAction, finalizeMinutesAction],
  routes: minutesRoutes,
};
