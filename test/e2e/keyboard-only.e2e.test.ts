import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** What has the keyboard focus, looking into shadow roots: tag, name attribute, and its text or label. */
async function focused(page: Page): Promise<{ tag: string; name: string; text: string; inRow: boolean }> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const el = active as HTMLElement | null;
    const labelled = el && 'labels' in el ? ((el as HTMLInputElement).labels?.[0]?.textContent ?? '') : '';
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('name') ?? '',
      text: (el?.getAttribute('aria-label') || labelled || el?.textContent || '').trim(),
      inRow: Boolean(el?.closest('tbody tr')),
    };
  });
}

type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab (or Shift+Tab) until the focus is where `wanted` says; fails after a long walk. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 120; i++) {
    const now = await focused(page);
    if (wanted(now)) return;
    seen.push(`${now.tag}[${now.name}] ${now.text.slice(0, 30)}`);
    await page.keyboard.press(key);
  }
  throw new Error(`never reached the wanted control; visited: ${seen.join(' | ')}`);
}

describe('the back office by keyboard alone', () => {
  it('logs in, finds a member, opens it, edits a field, saves and logs out without a click', async () => {
    const member = await h.api<{ name: string; address: string | null }>('GET', 'members/2');
    const page = await h.newPage();
    await page.goto('/autorizacao/entrar');
    await shownRoute(page, 'login');
    await page.locator('associa-login input').first().waitFor();

    // The skip link comes first, before anything else on the page.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Saltar para o conteúdo');

    await tabTo(page, (f) => f.tag === 'input' && /utilizador/i.test(f.text));
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(h.server.accounts.admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/socios');
    await shownRoute(page, 'membersList');
    // After the navigation the focus is on the new page's heading, not lost on the body.
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    // The new page's title, read out by the polite live region.
    expect(await page.locator('[data-route-announcer]').textContent()).toBe('Sócios');

    await tabTo(page, (f) => f.tag === 'input' && f.text === 'Pesquisar');
    await page.keyboard.type(member.name);
    await page.keyboard.press('Enter');
    const first = page.locator('associa-resource-list tbody tr').first();
    await expect.poll(() => first.getAttribute('data-id')).toBe('2');
    // Tab enters the rows once, on the first row's link.
    await tabTo(page, (f) => f.tag === 'a' && f.inRow);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/socios/2');
    await shownRoute(page, 'membersEdit');
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');

    const address = `Rua do Teclado, ${Date.now() % 1000}`;
    await tabTo(page, (f) => f.tag === 'input' && f.name === 'address');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(address);
    await tabTo(page, (f) => f.tag === 'button' && f.text === 'Guardar');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await h.api<{ address: string }>('GET', 'members/2')).address, { timeout: 10_000 }).toBe(address);

    // Back to the user menu in the top bar: open it with the arrow key, the last entry is Sair.
    await tabTo(page, (f) => f.tag === 'button' && f.text.startsWith('Menu do utilizador'), 'Shift+Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    expect((await focused(page)).text).toBe('Sair');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/autorizacao/entrar');
    expect(await page.evaluate(() => window.localStorage.getItem('access'))).toBeNull();
    expect(page.problems).toEqual([]);
  });

  it('moves through menus, the column chooser and dialogs as WAI-ARIA describes, Escape returning the focus', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/socios/2');
    await shownRoute(page, 'membersEdit');
    await page.locator('associa-resource-form input[name="address"]').waitFor();

    // A menu of the top bar: Down opens it on its first entry, arrows, Home and End move, Escape returns.
    await tabTo(page, (f) => f.tag === 'button' && f.text.startsWith('Quotas'));
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).text).toBe('Pagamentos');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).text).toBe('Dívidas');
    await page.keyboard.press('Home');
    expect((await focused(page)).text).toBe('Pagamentos');
    await page.keyboard.press('End');
    expect((await focused(page)).text).toBe('Extrato bancário');
    await page.keyboard.press('Escape');
    expect((await focused(page)).text).toMatch(/^Quotas/);
    expect(await page.getByRole('link', { name: 'Dívidas' }).count()).toBe(0);

    // A modal dialog keeps the focus inside and gives it back to the button that opened it.
    await tabTo(page, (f) => f.tag === 'button' && f.text === 'Apagar');
    await page.keyboard.press('Enter');
    expect((await focused(page)).text).toBe('Cancelar');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(['Cancelar', 'Apagar']).toContain((await focused(page)).text);
      expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('associa-resource-form');
    }
    await page.keyboard.press('Escape');
    expect((await focused(page)).text).toBe('Apagar');
    expect(await page.locator('dialog[open]').count()).toBe(0);

    // The column chooser, opened from the toolbar: arrows between the columns, Escape back to Colunas.
    await page.goto('/socios');
    await page.locator('associa-resource-list tbody tr').first().waitFor();
    await tabTo(page, (f) => f.tag === 'button' && f.text === 'Colunas');
    await page.keyboard.press('Enter');
    const firstColumn = await focused(page);
    expect(firstColumn.tag).toBe('input');
    await page.keyboard.press('ArrowDown');
    const second = await focused(page);
    expect(second.tag).toBe('input');
    expect(second.name).not.toBe(firstColumn.name);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    expect((await focused(page)).name).toBe(firstColumn.name);
    await page.keyboard.press('Escape');
    expect((await focused(page)).text).toBe('Colunas');
    expect(page.problems).toEqual([]);
  });
});
