import { defineModule } from '../define-module.js';
import { paymentLinksMigration } from './migration.js';
import { PAYMENT_LINK_SETTINGS } from './payment-link-settings.js';
import { handOverPaymentLink } from './hand-over.js';
import { paymentLinks, revokePaymentLink } from './payment-links.js';
import { paymentLinkRoutes } from './routes.js';

/**
 * Payment links: the secret links to the public payment-information page
 * (/informacaoDePagamento/{token}) that messages carry, stored only as hashes, expiring and
 * revocable by staff, and the public API the page and `<associa-payment-info>` read.
 */
export const paymentLinksModule = defineModule({
  name: 'payment-links',
  resources: [paymentLinks],
  actions: [revokePaymentLink, handOverPaymentLink],
  settings: PAYMENT_LINK_SETTINGS,
  migrations: [paymentLinksMigration],
  routes: paymentLinkRoutes,
});
