import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

// The top navigation of a laptop (1366 px) holds the organisation's whole name and every menu
// entry of an administrator with every module on: the entries in one line, a long name folded
// onto two lines beside them, never cut.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it('fits 1366 px on one line with the full organisation name', async () => {
  const [name] = await h.api<{ _id: number }[]>('GET', 'settings?_name=name');
  await h.api('PATCH', `settings/${name!._id}`, { value: 'Associação Cultural e Recreativa do Vale' });
  const page = await h.loginAs('admin');
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto('/socios');
  await shownRoute(page, 'membersList');
  const header = page.locator('header').first();
  await header.locator('nav li').first().waitFor();
  const layout = await header.evaluate((bar) => {
    const brand = bar.querySelector('a span:not([aria-hidden])') as HTMLElement;
    const entries = [...bar.querySelectorAll('nav > ul > li, nav li[data-entry]')].map((li) => (li as HTMLElement).getBoundingClientRect());
    const tops = new Set(entries.map((r) => Math.round(r.top)));
    const gear = bar.querySelector('[data-menu="settings"]')!.getBoundingClientRect();
    return { brand: brand.textContent, clipped: brand.scrollWidth > brand.clientWidth, entries: entries.length, lines: tops.size, height: bar.getBoundingClientRect().height, gearTop: Math.round(gear.top), firstTop: [...tops][0] };
  });
  expect(layout.brand).toBe('Associação Cultural e Recreativa do Vale');
  expect(layout.clipped).toBe(false);
  expect(layout.entries).toBeGreaterThanOrEqual(6);
  expect(layout.lines).toBe(1);
  expect(layout.height).toBeLessThan(80);
  expect(layout.gearTop).toBeLessThan((layout.firstTop ?? 0) + 20);
  await h.screenshot(page, 'top-nav-1366');
  expect(page.problems).toEqual([]);
});
