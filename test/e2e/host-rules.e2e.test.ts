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

describe('strict addresses (SPEC 2)', () => {
  it('gives the not-found page for a trailing slash, another case or an unknown path, titled so', async () => {
    const page = await h.loginAs('admin');
    for (const address of ['/socios/', '/SOCIOS', '/autorizacao/entrar/', '/utilizadores/', '/nada/disto', '/tesouraria/3']) {
      await page.goto(address);
      expect(await shownRoute(page, 'notFound'), address).toBe('notFound');
      await expect.poll(() => page.title()).toMatch(/^Página não encontrada \| /);
      await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    }
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await page.waitForURL('**/socios');
  });

  it('sends anyone without a session from a back-office page to the login page', async () => {
    const page = await h.newPage();
    for (const address of ['/socios', '/socios/1', '/utilizadores', '/dashboard', '/adminHome', '/']) {
      await page.goto(address);
      await page.waitForURL('**/autorizacao/entrar');
    }
    // Public pages stay, without the top navigation.
    await page.goto('/v/codigo');
    expect(await shownRoute(page, 'membershipCardVerify')).toBe('membershipCardVerify');
    expect(await page.locator('header').count()).toBe(0);
  });

  it('follows accented terminology in addresses (percent-encoded by the browser)', async () => {
    await h.server.setSettings({ memberURLPlural: 'sócios' });
    const page = await h.loginAs('admin');
    await page.goto('/sócios');
    expect(new URL(page.url()).pathname).toBe('/s%C3%B3cios');
    expect(await shownRoute(page, 'membersList')).toBe('membersList');
    await page.goto('/s%C3%B3cios/novo');
    expect(await shownRoute(page, 'membersNew')).toBe('membersNew');
    await page.goto('/configuracaoSócios');
    expect(await shownRoute(page, 'memberSettings')).toBe('memberSettings');
    await page.goto('/socios');
    expect(await shownRoute(page, 'notFound')).toBe('notFound');
  });
});
