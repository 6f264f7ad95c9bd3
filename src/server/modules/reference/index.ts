import { defineModule, type ModuleSeed } from '../define-module.js';
import { contacts } from './contacts.js';
import { countries } from './countries.js';
import { memberStates } from './member-states.js';
import { tags } from './tags.js';

// Its demo data (see ModuleSeed), loaded only to seed.
const demoSeed: ModuleSeed = async (ctx) => (await import('../../seed/demo-reference.js')).seedDemoReference(ctx);

/** Reference data: the lists other records point at (member states, countries, tags, contacts). */
export const referenceModule = defineModule({
  name: 'reference',
  resources: [memberStates, countries, tags, contacts],
  seed: demoSeed,
});
