import type { FastifyInstance } from 'fastify';
import { coded } from '../../errors.js';
import { parseId } from '../../resources/handlers.js';
import { authorize, inScope } from '../../resources/permissions.js';
import { lisbonDay } from '../../../core/days.js';
import { CARD_STANDINGS, cardFacts, cardStandingOf, pastValidity } from './card-state.js';
import { membershipCards } from './cards.js';
import { CARD_STANDING_DOC } from './route-docs.js';

/**
 * `GET /api/membership_cards/{id}/state`: the card's standing today, for the card's page in the
 * back office and the member's dashboard, judged as the public check judges it (not logged:
 * nobody checked a card at a door).
 */
export function cardStandingRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx.database;
  app.get<{ Params: { id: string } }>('/membership_cards/:id/state', { config: { openapi: CARD_STANDING_DOC } }, async (request) => {
    // Staff any card; a member their own (anyone else's is as if absent).
    const granted = authorize(membershipCards, request.caller, 'read');
    const id = parseId(request.params.id);
    const now = ctx.now();
    const card = await cardFacts(db, { id }, now);
    if (!card || !inScope(granted, { member: card.member })) throw coded(404, 'not_found', 'Cartão não encontrado.');
    const today = lisbonDay(now);
    const status = cardStandingOf(card, today);
    return { data: { status, state: CARD_STANDINGS[status], valid_until: card.valid_until, expired: pastValidity(card, today) } };
  });
}
