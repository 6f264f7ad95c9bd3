import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { ClientModule } from '../core/client-module.js';
import type { Core } from '../core/index.js';
import { CLIENT_MODULES } from '../widgets/modules.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, type RouteDef } from './routes.js';

/** What the host adds to the core: the route table, the organisation's name, the role. */
export interface HostState {
  core: Core;
  /** The client modules the host assembles: its routes, menu and settings tabs come from them. */
  modules: readonly ClientModule[];
  routes: ReadonlySignal<RouteDef[]>;
  /** The organisation name of the titles and the footer. */
  organisation: ReadonlySignal<string | null>;
  role: ReadonlySignal<string | null>;
  /** From the health check: a test-mode server shows the banner. */
  testMode: ReadonlySignal<boolean>;
}

export function createHostState(core: Core, modules: readonly ClientModule[] = CLIENT_MODULES): HostState {
  return {
    core,
    modules,
    routes: computed(() => buildRoutes(core.terminology.terminology.value ?? FALLBACK_TERMINOLOGY, modules)),
    organisation: computed(() => core.terminology.terminology.value?.name ?? null),
    role: computed(() => core.session.claims.value?.Role ?? null),
    testMode: core.testMode,
  };
}
