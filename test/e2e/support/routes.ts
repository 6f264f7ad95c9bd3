import type { Page } from 'playwright-core';
import { buildRoutes, FALLBACK_TERMINOLOGY, type RouteDef } from '../../../src/host/routes.js';

/** The association's route table, as the demo organisation's terminology gives it. */
export const ROUTES: RouteDef[] = buildRoutes(FALLBACK_TERMINOLOGY);

/** A concrete address for a route: every parameter filled with a plausible value. */
export function sampleAddress(route: RouteDef): string {
  return route.path.replace(/\/:([A-Za-z]+)\?/g, '').replace(/:([A-Za-z]+)/g, (_, key: string) => (key === 'id' || key === 'memberId' ? '1' : 'codigo-exemplo'));
}

/** Waits until the shell shows `name` (the main element carries the route's name). */
export async function shownRoute(page: Page, expected?: string): Promise<string> {
  const main = page.locator('main#main');
  if (expected) await main.and(page.locator(`[data-route="${expected}"]`)).waitFor({ timeout: 15_000 });
  else await main.waitFor();
  return (await main.getAttribute('data-route')) ?? '';
}
