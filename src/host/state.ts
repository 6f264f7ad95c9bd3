import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { RESOURCE, type Core, type HealthResponse } from '../core/index.js';
import { buildRoutes, FALLBACK_TERMINOLOGY, type RouteDef } from './routes.js';

/** What the host adds to the core: the route table, test mode and the menu's badge. */
export interface HostState {
  core: Core;
  routes: ReadonlySignal<RouteDef[]>;
  /** The organisation name of the titles and the footer. */
  organisation: ReadonlySignal<string | null>;
  role: ReadonlySignal<string | null>;
  /** From the health check: a test-mode server shows the banner. */
  testMode: Signal<boolean>;
  /** Pending applications for the menu badge; 0 while the server has no applications. */
  pendingApplications: Signal<number>;
  loadHealth(): Promise<void>;
  loadPendingApplications(): Promise<void>;
}

export function createHostState(core: Core): HostState {
  const testMode = signal(false);
  const pendingApplications = signal(0);
  return {
    core,
    routes: computed(() => buildRoutes(core.terminology.terminology.value ?? FALLBACK_TERMINOLOGY)),
    organisation: computed(() => core.terminology.terminology.value?.name ?? null),
    role: computed(() => core.session.claims.value?.Role ?? null),
    testMode,
    pendingApplications,
    async loadHealth() {
      try {
        const res = await core.http.get<HealthResponse>('');
        testMode.value = res.data?.mode === 'test';
      } catch {
        // Unreachable: the overlay says so and the page reloads when the server is back.
      }
    },
    async loadPendingApplications() {
      try {
        // Confirmed and undecided (or submitted too, where review needs no confirmation): the server's own count.
        const res = await core.http.get<{ data: { count: number } }>(`${RESOURCE.memberApplications}/pending_count`, { quiet: true });
        pendingApplications.value = Number(res.data?.data?.count ?? 0) || 0;
      } catch {
        // No applications module on this server (404): no badge.
        pendingApplications.value = 0;
      }
    },
  };
}
