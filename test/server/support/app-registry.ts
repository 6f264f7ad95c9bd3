import { appModules } from '../../../src/server/modules/index.js';
import { createRegistry } from '../../../src/server/resources/registry.js';

/** The application's resources (its modules' and the audit trail), for tests that name them. */
export const { resources, resourceByName } = createRegistry(appModules);
