import type { ModulePart } from '../part.js';
import { conveneAction } from './convene.js';
import { convocationRoutes } from './routes.js';

/**
 * The convocation part of the assemblies module: the notice sent by the convene action (e-mails
 * through the outbox, letters for the rest), its preview, the letters to print and the proof.
 */
export const convocationPart: ModulePart = {
  actions: [conveneAction],
  routes: convocationRoutes,
};
