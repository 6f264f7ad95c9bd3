import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';

// The member list and form (<associa-resource-list>, <associa-resource-form>) against the real
// server and its demo members, through the host's pages.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const list = (page: Page) => page.locator('associa-resource-list');
const rows = (page: Page) => list(page).locator('tbody tr');

/** Text of one column across the rows shown, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await list(page).locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.replace(/[▲▼↕]/g, '').trim() === header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return rows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts();
}

async function openList(page: Page) {
  await page.goto('/socios');
  await rows(page).first().waitFor();
}

function listRequest(page: Page, check: (url: URL) => boolean) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/members' && check(url);
  });
}

async function fieldByLabel(form: Locator, label: string): Promise<Locator> {
  const control = form.getByLabel(label, { exact: true });
  await control.waitFor();
  return control;
}

describe('member list against the real server', () => {
  it('searches, sorts by a column header and pages on the server', async () => {
    const page = await h.loginAs('admin');
    await openList(page);
    const summary = list(page).locator('[data-total]');
    const total = Number((await summary.innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);

    // Sort by name, then the other way.
    const byName = list(page).getByRole('button', { name: /^Nome/ });
    const ascending = listRequest(page, (url) => url.searchParams.get('_sort') === 'name');
    await byName.click();
    await ascending;
    await list(page).locator('th[aria-sort="ascending"]').waitFor();
    const names = await column(page, 'Nome');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt', { sensitivity: 'base' })));
    const descending = listRequest(page, (url) => url.searchParams.get('_sort') === '-name');
    await byName.click();
    await descending;
    await list(page).locator('th[aria-sort="descending"]').waitFor();

    // Page 2 of the descending order: forward one page goes by the cursor, not an offset.
    const second = listRequest(page, (url) => url.searchParams.has('_after') && !url.searchParams.has('_page'));
    await list(page).getByRole('button', { name: 'Seguinte' }).click();
    await second;
    await list(page).getByText('A mostrar 101–200').waitFor();

    // Search for one member by a name seen in the list.
    const wanted = (await column(page, 'Nome'))[0]!;
    const searched = listRequest(page, (url) => url.searchParams.get('_search') === wanted);
    await list(page).getByLabel('Pesquisar').fill(wanted);
    await searched;
    await expect.poll(async () => (await column(page, 'Nome')).every((name) => name === wanted)).toBe(true);
    expect((await column(page, 'Nome')).length).toBeGreaterThan(0);
    expect(page.problems).toEqual([]);
  });

  it('opens a member from the list, edits it and sees the change after a reload', async () => {
    const page = await h.loginAs('admin');
    await openList(page);
    // Each row's first cell is a link to its record.
    await rows(page).first().getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/socios\/\d+$/);
    const form = page.locator('associa-resource-form');
    const locality = await fieldByLabel(form, 'Localidade');
    const changed = `Vila de Teste ${Date.now() % 100000}`;
    await locality.fill(changed);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Registo guardado.').waitFor();
    await page.reload();
    await expect.poll(async () => (await fieldByLabel(page.locator('associa-resource-form'), 'Localidade')).inputValue()).toBe(changed);
    expect(page.problems).toEqual([]);
  });

  it("judges an invalid NIF through POST /members/validate, as the user leaves it and on saving, and saves nothing", async () => {
    const page = await h.loginAs('admin');
    await page.goto('/socios/3');
    const form = page.locator('associa-resource-form');
    const nif = await fieldByLabel(form, 'NIF');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/members')) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    // 123456789 is a valid NIF (its check digit is 9); 123456780 is not.
    await nif.fill('123456780');
    // Leaving the field asks the server at once.
    await nif.press('Tab');
    await expect.poll(() => nif.getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual(['POST /api/members/validate']);
    await form.getByRole('button', { name: 'Guardar' }).click();
    // Said only once the save's own validate answered.
    await form.getByText('Corrija os campos assinalados.').waitFor();
    expect(await nif.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await nif.getAttribute('aria-describedby'))!;
    const message = await form.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText();
    expect(message).toMatch(/NIF inválido/);
    expect(await nif.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    // Nothing was saved: the save stopped at the validate answer.
    expect(writes).toEqual(['POST /api/members/validate', 'POST /api/members/validate']);
    await page.reload();
    expect(await (await fieldByLabel(page.locator('associa-resource-form'), 'NIF')).inputValue()).not.toBe('123456780');
    // A refused save is an expected 422 the browser logs as a failed resource load.
    expect(page.problems.filter((p) => !p.includes('422'))).toEqual([]);
  });

  it('creates a member, opens its page and still says it was created', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/socios/novo');
    const form = page.locator('associa-resource-form');
    await form.locator('input[name="name"]').fill('Teodora Criada Agora');
    await form.locator('input[name="dues_exempt"]').check();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/members');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await posted;
    await page.waitForURL(/\/socios\/\d+$/);
    await expect.poll(() => page.locator('associa-resource-form input[name="name"]').inputValue()).toBe('Teodora Criada Agora');
    await page.locator('associa-resource-form').getByRole('status').filter({ hasText: 'Registo criado.' }).waitFor();
    expect(page.problems).toEqual([]);
  });
});
