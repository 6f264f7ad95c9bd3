// The staff home on the real server with the demo data, in Chromium: "Início" first in the main
// menu, the figures of today, and two of them followed to their lists, which show the same
// number; a screenshot for people to look at.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface Figure {
  key: string;
  count: number;
  amount: { cents: number } | null;
  list: { resource: string; constraints: Record<string, string> };
}

const digits = (text: string) => Number(text.replace(/\D/g, ''));

/** The number a figure shows on the home. */
async function figureCount(page: Page, key: string): Promise<number> {
  const count = page.locator(`associa-staff-overview [data-figure="${key}"] [data-count]`);
  await count.waitFor({ timeout: 15_000 });
  return digits(await count.innerText());
}

/** Follows a figure's link and waits for its list to show `expected` rows ("N resultados", its filters in force). */
async function followTo(page: Page, key: string, route: string, expected: number): Promise<void> {
  await page.locator(`associa-staff-overview [data-figure="${key}"] a`).click();
  await shownRoute(page, route);
  const total = page.locator('associa-resource-list [data-total]');
  await expect.poll(async () => digits(await total.innerText().catch(() => '')), { timeout: 15_000 }).toBe(expected);
  await page.locator('associa-resource-list [data-chip]').first().waitFor();
}

describe('the staff home', () => {
  it('is first in the menu, shows today’s figures, and each one opens its list showing the same number', async () => {
    const page = await h.loginAs('admin');
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.goto('/inicio');
    await shownRoute(page, 'staffHome');
    const first = page.locator('nav [data-menu]').first();
    expect([await first.getAttribute('data-menu'), (await first.innerText()).trim()]).toEqual(['home', 'Início']);

    const figures = (await h.api<{ figures: Figure[] }>('GET', 'overview')).figures;
    expect(figures.map((f) => f.key)).toEqual(expect.arrayContaining(['arrears', 'payments', 'messages-pending', 'messages-failed', 'jobs']));
    const arrears = figures.find((f) => f.key === 'arrears')!;
    // The demo has members in arrears and payments this month.
    expect(arrears.count).toBeGreaterThan(0);
    expect(arrears.amount!.cents).toBeGreaterThan(0);
    expect(await figureCount(page, 'arrears')).toBe(arrears.count);
    await h.screenshot(page, 'staff-home', { fullPage: true });

    // Members in arrears: the unpaid list, filtered to them, counts the same members.
    await followTo(page, 'arrears', 'unpaid', arrears.count);

    // Back home through the menu; this month's payments: the payments list between the month's first and last day.
    await page.locator('nav [data-menu="home"]').click();
    await shownRoute(page, 'staffHome');
    const payments = await figureCount(page, 'payments');
    expect(payments).toBe(figures.find((f) => f.key === 'payments')!.count);
    await followTo(page, 'payments', 'paymentsList', payments);
    await h.screenshot(page, 'staff-home-payments');
    expect(page.problems).toEqual([]);
  });
});
