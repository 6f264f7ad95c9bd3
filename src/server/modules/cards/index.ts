import { defineModule, type ModuleSeed } from '../define-module.js';
import { issueCardAction, revokeCardAction } from './actions.js';
import { CARD_SETTINGS } from './card-settings.js';
import { scanCardAction } from './checkin-scan.js';
import { cardCheckins, cardCheckinScans } from './checkins.js';
import { checkinsMigration } from './checkins-migration.js';
import { membershipCards } from './cards.js';
import { cardsMigration } from './migration.js';
import { printJob } from './print.js';
import { cardRoutes } from './routes.js';
import { cardPdfTakeover, cardPrintTakeover } from './takeovers.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-cards.js')).seedDemoCards(ctx.db, ctx.now);

/**
 * Membership cards: one active card per member with a random verification code, issued,
 * reissued (the old code answers 'Substituído') and revoked by staff; the public check behind
 * /v/{code} and `<associa-card-verifier>`; the cards as PDFs with a vector QR code; staff's
 * check-in sessions at a general assembly's door.
 */
export const cardsModule = defineModule({
  name: 'cards',
  resources: [membershipCards, cardCheckins, cardCheckinScans],
  actions: [issueCardAction, revokeCardAction, scanCardAction],
  settings: CARD_SETTINGS,
  migrations: [cardsMigration, checkinsMigration],
  jobs: [printJob],
  routes: cardRoutes,
  takeovers: [cardPdfTakeover, cardPrintTakeover],
  seed: demoSeed,
});
