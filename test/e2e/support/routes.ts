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

/**
 * Shows `address` in the page: by loading it while the app is not there yet, after that as a
 * user moves, by an in-app navigation (the host's `associa-navigate`) that keeps the app loaded.
 * The walks over every route spent most of their CPU starting the app again for each page.
 * Resolves once the shell has drawn the new address (its route, 'Sem acesso', or the route's
 * loading mark): a wait for 'Sem acesso' must not be met by the page before, refused as well.
 */
export async function visit(page: Page, address: string): Promise<void> {
  const appShown = await page.evaluate(() => document.querySelector('main#main') !== null).catch(() => false);
  // The host answers the event with preventDefault(): dispatchEvent is then false.
  const navigated = appShown && !(await page.evaluate((path) => document.dispatchEvent(new CustomEvent('associa-navigate', { detail: { path }, cancelable: true })), address));
  if (!navigated) {
    await page.goto(address);
    return;
  }
  await page.waitForFunction((path) => decodeURIComponent(window.location.pathname) === path, address, { timeout: 10_000 });
  // The shell renders a new location synchronously (a store React reads with useSyncExternalStore);
  // a frame later it is on the screen.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
