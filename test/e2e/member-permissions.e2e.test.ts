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

/** Every refused answer and console error the page sees, heard from the page's own events. */
function listen(page: Page): { refused: string[]; console: string[] } {
  const heard = { refused: [] as string[], console: [] as string[] };
  page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) heard.refused.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    // A refused load is heard above with its address; the browser's own favicon request is no page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) heard.console.push(message.text());
  });
  return heard;
}

const ownUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(atob(window.localStorage.getItem('access')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { ID: number }).ID);

describe("the demo member's session never asks what it may not read (issue 16)", () => {
  it('uses the dashboard and their profile, and is shown "Sem acesso" on pages of others, with no 403 anywhere', async () => {
    const page = await h.loginAs('member');
    const heard = listen(page);

    await page.goto('/dashboard');
    await shownRoute(page, 'memberHome');
    await page.getByRole('heading', { name: 'Corrigir os meus dados' }).waitFor();
    await page.getByRole('heading', { name: 'Os meus dados pessoais' }).waitFor();
    // Only the fields the member may write: the number and the state are the staff's.
    const selfService = page.locator('[data-own="self-service"]');
    await selfService.getByLabel('Telefone').waitFor();
    expect(await selfService.getByLabel('Número', { exact: true }).count()).toBe(0);
    expect(await selfService.getByLabel('Estado', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Apagar' }).count()).toBe(0);

    const id = await ownUserId(page);
    await page.goto(`/utilizadores/${id}`);
    await shownRoute(page, 'usersEdit');
    await page.getByRole('button', { name: 'Guardar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Apagar' }).count()).toBe(0);

    for (const address of [`/utilizadores/${id === 1 ? 2 : 1}`, '/utilizadores/novo', `/utilizadores/recuperar-password/${id + 1}`]) {
      await page.goto(address);
      expect(await shownRoute(page, 'forbidden'), address).toBe('forbidden');
      await page.getByRole('heading', { name: 'Sem acesso' }).waitFor();
    }

    expect(heard.refused).toEqual([]);
    expect(page.failedResponses).toEqual([]);
    expect(heard.console).toEqual([]);
    expect(page.problems).toEqual([]);
  });
});
