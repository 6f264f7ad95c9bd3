import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Screenshots for people to look at (test-output/screenshots, not committed). */
describe('screenshots of the main screens', () => {
  it('login page', async () => {
    const page = await h.newPage();
    await page.goto('/autorizacao/entrar');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await h.screenshot(page, 'login');
    expect(page.problems).toEqual([]);
  });

  it('member list', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/socios');
    await shownRoute(page, 'membersList');
    await page.getByRole('table').waitFor();
    await page.locator('tbody tr').first().waitFor();
    await h.screenshot(page, 'member-list');
    expect(page.problems).toEqual([]);
  });

  it('member form', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/socios/3');
    await shownRoute(page, 'membersEdit');
    await page.locator('associa-resource-form').waitFor();
    await page.getByRole('button', { name: /Guardar/ }).first().waitFor();
    await h.screenshot(page, 'member-form', { fullPage: true });
    expect(page.problems).toEqual([]);
  });
});
