import type { FastifyInstance } from 'fastify';
import type { ModulePart } from '../part.js';
import { castAction } from './cast.js';
import { checkInAction } from './check-in.js';
import { checkOutAction } from './check-out.js';
import { openSessionAction } from './open-session.js';
import { attendanceSheetRoute } from './sheet-route.js';
import { closeVoteAction, openVoteAction, recordVotesAction } from './votes.js';

/**
 * The session part of the assemblies module: opening the session, attendance at the door (cards,
 * names, representation; each associate counted once), the sign-in sheet, and the votes of the
 * agenda items (typed totals or cards read) with each item's majority applied.
 */
export const sessionPart: ModulePart = {
  actions: [openSessionAction, checkInAction, checkOutAction, openVoteAction, recordVotesAction, castAction, closeVoteAction],
  routes: (app: FastifyInstance) => attendanceSheetRoute(app),
};
