// One's own account in the back office: no delete offered, the password changed on its own
// page with the current one (this session continues, the others end), and Sair ending the
// session on the server too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/contract.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function userId(role: Role): Promise<number> {
  const row = await h.server.ctx.database.db
    .selectFrom('users')
    .select('_id')
    .where('username', '=', h.server.accounts[role].username)
    .executeTakeFirstOrThrow();
  return Number(row._id);
}

const api = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${h.baseUrl}/api/${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });

describe("one's own account", () => {
  it('offers no delete and no password field in its form; another account offers both', async () => {
    const page = await h.loginAs('admin');
    const form = page.locator('associa-resource-form');

    await page.goto(`/utilizadores/${await userId('editor')}`);
    await form.getByLabel('E-mail', { exact: true }).waitFor();
    expect(await form.getByRole('button', { name: 'Apagar' }).count()).toBe(1);
    expect(await form.getByLabel('Palavra-passe', { exact: true }).count()).toBe(1);
    expect(await form.getByLabel('Palavra-passe atual').count()).toBe(0);

    await page.goto(`/utilizadores/${await userId('admin')}`);
    await form.getByLabel('E-mail', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Alterar palavra-passe' }).waitFor();
    expect(await form.getByRole('button', { name: 'Apagar' }).count()).toBe(0);
    expect(await form.getByLabel('Palavra-passe', { exact: true }).count()).toBe(0);
    expect(await form.getByLabel('Palavra-passe atual').count()).toBe(0);
    await h.screenshot(page, 'own-account-form');
    expect(page.problems).toEqual([]);
  });

  it('changes its password with the current one: this session goes on, the others end', async () => {
    const editor = h.server.accounts.editor;
    const elsewhere = await h.server.tokensFor('editor');
    const page = await h.loginAs('editor');
    const id = await userId('editor');
    await page.goto(`/utilizadores/${id}`);
    await page.getByRole('link', { name: 'Alterar palavra-passe' }).click();
    await page.waitForURL(`**/utilizadores/recuperar-password/${id}`);
    const element = page.locator('associa-user-password');

    await element.getByLabel('Palavra-passe atual').fill('nao-e-esta');
    await element.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill('editor-nova-2025');
    await element.getByLabel('Confirmar a palavra-passe').fill('editor-nova-2025');
    await element.getByRole('button', { name: 'Alterar palavra-passe' }).click();
    await element.getByRole('alert').filter({ hasText: 'A palavra-passe atual está errada.' }).waitFor();
    await h.screenshot(page, 'user-password-wrong-current');

    await element.getByLabel('Palavra-passe atual').fill(editor.password);
    await element.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill('editor-nova-2025');
    await element.getByLabel('Confirmar a palavra-passe').fill('editor-nova-2025');
    await element.getByRole('button', { name: 'Alterar palavra-passe' }).click();
    await element.getByText('Palavra-passe alterada.').waitFor();
    editor.password = 'editor-nova-2025';

    // The other session is over, access token included.
    expect((await api(`users/${id}`, { token: elsewhere.access })).status).toBe(401);
    expect((await api('auth/refresh', { method: 'POST', body: JSON.stringify({ refreshToken: elsewhere.refresh }) })).status).toBe(401);
    // This one goes on with the pair it was given: a list loads, no login page.
    const stored = await page.evaluate(() => window.localStorage.getItem('access'));
    expect((await api(`users/${id}`, { token: stored ?? '' })).status).toBe(200);
    await page.goto('/socios');
    await page.locator('associa-resource-list tbody tr').first().waitFor();
    expect(page.url()).toMatch(/\/socios$/);
    expect(page.problems).toEqual([]);
  });
});

describe('Sair', () => {
  it('ends the session on the server before leaving', async () => {
    const page = await h.loginAs('member');
    await page.goto('/dashboard');
    const refresh = await page.evaluate(() => window.localStorage.getItem('refresh'));
    expect(refresh).toBeTruthy();
    const ended = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.goto('/autorizacao/sair');
    expect((await ended).status()).toBe(204);
    await page.waitForURL('**/autorizacao/entrar');
    expect(await page.evaluate(() => window.localStorage.getItem('refresh'))).toBe(null);
    expect((await api('auth/refresh', { method: 'POST', body: JSON.stringify({ refreshToken: refresh }) })).status).toBe(401);
  });
});
