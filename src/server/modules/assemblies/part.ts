import type { FastifyInstance } from 'fastify';
import type { ActionDefinition } from '../../resources/actions.js';

/**
 * One part of the assemblies module (convocation, session, minutes), owned apart: its actions and
 * routes, which index.ts joins into the module.
 */
export interface ModulePart {
  actions: readonly ActionDefinition[];
  routes?: (app: FastifyInstance) => void;
}
