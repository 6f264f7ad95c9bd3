import type { FastifyInstance } from 'fastify';
import { defineModule, type ModuleSeed } from '../define-module.js';
import { assemblies } from './assemblies.js';
import { ASSEMBLY_SETTINGS } from './assembly-settings.js';
import { assemblyAttendance } from './attendance.js';
import { assemblyBallots } from './ballots.js';
import { ASSEMBLIES_SWITCH } from './enabled.js';
import { convocationPart } from './convocation/index.js';
import { assemblyConvocations } from './convocations.js';
import { assemblyItems } from './items.js';
import { assembliesMigration } from './migration.js';
import { minutesPart } from './minutes/index.js';
import type { ModulePart } from './part.js';
import { quorumRoute } from './quorum-route.js';
import { sessionPart } from './session/index.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-assemblies.js')).seedDemoAssemblies(ctx);

const PARTS: readonly ModulePart[] = [convocationPart, sessionPart, minutesPart];

function assemblyRoutes(app: FastifyInstance): void {
  quorumRoute(app);
  for (const part of PARTS) part.routes?.(app);
}

/**
 * General assemblies (issue 33): the assembly and its agenda, the convocation sent by the
 * statutes' notice, attendance and quorum at the door, the votes with each item's majority and
 * the numbered minutes. Optional: off until an administrator turns on hasAssemblies.
 */
export const assembliesModule = defineModule({
  name: 'assemblies',
  resources: [assemblies, assemblyItems, assemblyAttendance, assemblyBallots, assemblyConvocations],
  actions: PARTS.flatMap((part) => part.actions),
  settings: ASSEMBLY_SETTINGS,
  migrations: [assembliesMigration],
  routes: assemblyRoutes,
  enabledBy: ASSEMBLIES_SWITCH,
  seed: demoSeed,
});
