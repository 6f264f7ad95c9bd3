import { appModules } from '../../modules/index.js';
import { createRegistry } from '../registry.js';

// For released migration 001 and tests that name the application's own resources. The engine
// itself reads the registry the app was built with (app.registry), never this list.
const registry = createRegistry(appModules);

/** The application's resources (its modules' resources and the audit trail). */
export const resources = registry.resources;
export const resourceByName = registry.resourceByName;
