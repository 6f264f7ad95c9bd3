import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';
import { ROUTES, sampleAddress, shownRoute } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Through the real login form (inside the element's open shadow root; Playwright pierces it). */
async function loginWithForm(page: Page, username: string, password: string) {
  await page.goto('/autorizacao/entrar');
  await page.getByLabel('Nome de utilizador').fill(username);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('landing after login', () => {
  it('takes staff to the member list', async () => {
    const page = await h.newPage();
    await loginWithForm(page, 'admin', h.server.accounts.admin.password);
    await page.waitForURL('**/socios');
    expect(await shownRoute(page, 'membersList')).toBe('membersList');
  });

  it('takes a member to /dashboard, and away from the login page afterwards', async () => {
    const page = await h.newPage();
    const member = h.server.accounts.member;
    await loginWithForm(page, member.username, member.password);
    await page.waitForURL('**/dashboard');
    expect(await shownRoute(page, 'memberHome')).toBe('memberHome');
    await page.goto('/autorizacao/entrar');
    await page.waitForURL('**/dashboard');
  });
});

describe('a member sees only what a member may (SPEC 6)', () => {
  it('has no main menu, a settings icon to their own user page and the user menu', async () => {
    const page = await h.loginAs('member');
    await page.goto('/dashboard');
    await shownRoute(page, 'memberHome');
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu principal' }).count()).toBe(0);
    expect(await page.locator('[data-toolbar="support"]').count()).toBe(0);
    const claims = await page.evaluate(() => JSON.parse(atob(window.localStorage.getItem('access')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { ID: number; Name: string });
    await page.getByRole('link', { name: 'Configurações' }).click();
    await page.waitForURL(`**/utilizadores/${claims.ID}`);
    expect(await shownRoute(page, 'usersEdit')).toBe('usersEdit');
    // Its breadcrumb to the user list is text: members may not open userSettings.
    const crumbs = page.getByRole('navigation', { name: 'Localização' });
    expect(await crumbs.getByRole('link').count()).toBe(0);
    expect(await crumbs.innerText()).toContain('Utilizadores');
    // The user page loads on demand: the menu opened while it arrives stays open (its late
    // heading does not take the focus, which would close the menu).
    await page.getByRole('button', { name: `Menu do utilizador ${claims.Name}` }).click();
    await page.getByRole('link', { name: 'Editar Perfil' }).waitFor();
    expect(page.problems).toEqual([]);
  });

  it('is refused every staff route, with the page saying so', async () => {
    const page = await h.loginAs('member');
    for (const route of ROUTES.filter((r) => r.access && !r.redirect)) {
      const address = sampleAddress(route);
      await page.goto(address);
      expect(await shownRoute(page, 'forbidden'), address).toBe('forbidden');
      expect(await page.getByRole('alert').innerText()).toContain('A sua conta não tem permissão para abrir esta página.');
    }
    // No staff data was asked for on the way.
    expect(page.failedResponses.filter((r) => / GET \/api\/(members|users)\b/.test(r))).toEqual([]);
    // Every staff route, the assemblies' six too: more than the default minute on a loaded machine.
  }, 120_000);

  it('is sent from /adminHome to the member list route, which refuses them', async () => {
    const page = await h.loginAs('member');
    await page.goto('/adminHome');
    await page.waitForURL('**/socios');
    expect(await shownRoute(page, 'forbidden')).toBe('forbidden');
  });
});
