import type { FastifyInstance } from 'fastify';
import { defineModule, type ModuleSeed } from '../define-module.js';
import { CONSENT_RESOURCES, consentsPart } from './consents/index.js';
import { CONSENT_SETTINGS } from './consents/consent-settings.js';
import { ERASURE_RESOURCES, erasurePart } from './erasure/index.js';
import { ERASURE_SETTINGS } from './erasure/erasure-settings.js';
import type { PrivacyPart } from './part.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-privacy.js')).seedDemoPrivacy(ctx);

const PARTS: readonly PrivacyPart[] = [consentsPart, erasurePart];

function privacyRoutes(app: FastifyInstance): void {
  for (const part of PARTS) part.routes?.(app);
}

/**
 * Personal data (issue 34, RGPD and Lei 58/2019): the consent register and bulk messages that
 * honour it; erasure and anonymisation that keep what the law keeps; the register of
 * data-subject requests.
 */
export const privacyModule = defineModule({
  name: 'privacy',
  resources: [...CONSENT_RESOURCES, ...ERASURE_RESOURCES] as const,
  actions: PARTS.flatMap((part) => part.actions),
  settings: [...CONSENT_SETTINGS, ...ERASURE_SETTINGS] as const,
  migrations: PARTS.flatMap((part) => part.migrations),
  jobs: PARTS.flatMap((part) => part.jobs),
  extends: Object.fromEntries(PARTS.flatMap((part) => Object.entries(part.extends ?? {}))),
  routes: privacyRoutes,
  seed: demoSeed,
});
