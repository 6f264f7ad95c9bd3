import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeJwt } from 'jose';
import { startHarness, type Harness } from './support/harness.js';

// The client core against the real server (not the fault server of the browser tests):
// the refresh-once rule with real rotating tokens, and realtime events from the real socket.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const rows = (page: Page) => page.locator('associa-resource-list tbody tr');

/** Types a search; resolves with the first answer of `status` to it. */
async function search(page: Page, term: string, status = 200) {
  const box = page.locator('associa-resource-list').getByLabel('Pesquisar', { exact: true });
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/members' && new URL(r.url()).searchParams.get('_search') === term && r.status() === status,
  );
  await box.fill(term);
  return answered;
}

/**
 * When the server's clock passes the access token's expiry, the server closes the realtime
 * socket and the client re-authenticates it, refreshing the session on its own: a race with
 * the HTTP refresh these tests are about. A socket that never reaches the server keeps it out.
 */
async function withoutRealtime(page: Page) {
  await page.routeWebSocket(/\/api\/websocket$/, () => undefined);
}

describe('the client core with the real server', () => {
  it('refreshes an expired access token once, retries, and keeps working with the rotated pair', async () => {
    const page = await h.loginAs('admin');
    await withoutRealtime(page);
    await page.goto('/socios');
    await rows(page).first().waitFor();
    const before = await page.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh') }));

    // Sixteen minutes later the access token (15 minutes) has expired; the refresh token (30 days) has not.
    h.server.advance(16 * 60_000);
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/members' && r.status() === 401);
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh');
    await search(page, 'Silva');
    await refused;
    expect((await refreshed).status()).toBe(200);
    await rows(page).first().waitFor();
    expect(await rows(page).first().innerText()).toMatch(/Silva/);

    const after = await page.evaluate(() => ({ access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh') }));
    expect(after.refresh).not.toBe(before.refresh);
    expect(decodeJwt(after.access!).exp! * 1000).toBeGreaterThan(Date.now() + 15 * 60_000);
    // One refresh for the whole burst, and the list request that got the 401 was retried.
    expect(page.failedResponses.filter((r) => r.startsWith('401'))).toHaveLength(1);
    expect(page.problems).toEqual([]);
  });

  it('sends the user to the login page when the refresh token is no longer accepted', async () => {
    const page = await h.loginAs('editor');
    await withoutRealtime(page);
    await page.goto('/socios');
    await rows(page).first().waitFor();
    // Past the refresh token's 30 days: the refresh fails, storage is cleared, and '/' leads to login.
    h.server.advance(31 * 24 * 60 * 60_000);
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh' && r.status() === 401);
    await search(page, 'Costa', 401);
    await refused;
    await page.waitForURL('**/autorizacao/entrar');
    await page.locator('associa-login').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh')])).toEqual([null, null]);
  });

  it('shows a member another user adds, through the realtime socket, without a reload', async () => {
    const page = await h.loginAs('admin');
    const socketAuthenticated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/websocket/auth');
    await page.goto('/socios');
    expect((await socketAuthenticated).status()).toBe(204);
    await search(page, 'Quaresma Teixeirinha');
    await page.locator('associa-resource-list').getByText('Sem resultados.').waitFor();

    const { access } = await h.server.tokensFor('editor');
    const states = (await (await fetch(`${h.baseUrl}/api/member_states`, { headers: { authorization: `Bearer ${access}` } })).json()) as { data: { _id: number }[] };
    const created = await fetch(`${h.baseUrl}/api/members`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quaresma Teixeirinha', state: states.data[0]!._id, dues_exempt: true }),
    });
    expect(created.status).toBe(201);
    await expect.poll(() => rows(page).count(), { timeout: 5000 }).toBe(1);
    expect(await rows(page).first().innerText()).toContain('Quaresma Teixeirinha');
  });
});
