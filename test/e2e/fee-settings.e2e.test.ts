import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

// The fee settings page against the real server: categories and schedules through the generic
// forms, the schedules list, a year's quotas launched and followed to the end over the real
// socket, and the server's refusal to change a schedule whose debts were raised.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const form = (page: Page) => page.locator('associa-resource-form');
const schedules = (page: Page) => page.locator('[data-fee-list="fee_schedules"] associa-resource-list');

/** A form control by its field's name (the labels of required fields end in a mark). */
async function fill(page: Page, name: string, value: string) {
  const control = form(page).locator(`[name="${name}"]`);
  await control.waitFor();
  await control.fill(value);
}

async function choose(page: Page, name: string, option: string) {
  const control = form(page).locator(`[name="${name}"]`);
  await control.locator('option', { hasText: option }).waitFor({ state: 'attached' });
  await control.selectOption({ label: option });
}

/** Saves a new record and waits for its edit page; returns its id. */
async function save(page: Page, editPattern: RegExp): Promise<number> {
  await form(page).getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL(editPattern);
  return Number(editPattern.exec(new URL(page.url()).pathname)![1]);
}

// Its own category and years no demo schedule has, whatever demo data the server seeds.
const CATEGORY = 'Quota de teste E2E';

async function newSchedule(page: Page, year: string, amount: string) {
  await page.goto('/configuracaoQuotas/tabelas/novo');
  await shownRoute(page, 'feeSchedulesNew');
  await fill(page, 'year', year);
  await choose(page, 'category', CATEGORY);
  await fill(page, 'amount', amount);
  await choose(page, 'periodicity', 'Anual');
  await fill(page, 'due_day', '31');
  return save(page, /\/configuracaoQuotas\/tabelas\/(\d+)$/);
}

async function api(method: string, path: string, body?: unknown) {
  const { access } = await h.server.tokensFor('admin');
  const response = await fetch(`${h.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> & Record<string, unknown>[] } };
}

const rowTexts = async (list: Locator) => (await list.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());

describe('fee settings (/configuracaoQuotas)', () => {
  it('is a settings tab after the members one, and the members settings carry the dues settings', async () => {
    const page = await h.loginAs('editor');
    await page.goto('/configuracaoQuotas');
    await shownRoute(page, 'feeSettings');
    const tabs = await page.getByRole('navigation', { name: 'Configurações' }).getByRole('link').allInnerTexts();
    expect(tabs.indexOf('Quotas')).toBe(tabs.indexOf('Sócios') + 1);
    await page.getByRole('heading', { level: 2, name: 'Categorias de quota' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Tabelas de quotas' }).waitFor();

    await page.goto('/configuracaoS%C3%B3cios');
    const settings = page.locator('associa-settings-form');
    for (const label of ['Primeira quota de um novo sócio', 'Dia de lançamento das quotas do ano', 'IBAN da associação']) {
      await settings.getByLabel(label, { exact: true }).waitFor();
    }
    expect(page.problems).toEqual([]);
  });

  it('adds a category and two schedules, lists them newest year first, launches a year to the end and then keeps its schedule', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/configuracaoQuotas');
    await page.getByRole('link', { name: 'Nova categoria' }).click();
    await shownRoute(page, 'feeCategoriesNew');
    await fill(page, 'name', CATEGORY);
    const category = await save(page, /\/configuracaoQuotas\/categorias\/(\d+)$/);

    await newSchedule(page, '2098', '24,00');
    const current = await newSchedule(page, '2099', '30,00');

    await page.goto('/configuracaoQuotas');
    await schedules(page).locator('tbody tr').nth(1).waitFor();
    const rows = await rowTexts(schedules(page));
    // Cells and the amounts' no-break spaces read as single spaces.
    expect(rows[0]).toBe(`2099 ${CATEGORY} 30,00 € Anual 31 0,00 € 0,00 €`);
    expect(rows[1]).toBe(`2098 ${CATEGORY} 24,00 € Anual 31 0,00 € 0,00 €`);

    // One demo member in the category: the run raises a debt with the 2099 schedule.
    const [member] = (await api('GET', '/members?_limit=1&_sort=number')).body.data as unknown as { _id: number; _version: number }[];
    expect((await api('PATCH', `/members/${member!._id}`, { fee_category: category, _version: member!._version })).status).toBe(200);

    await page.getByRole('button', { name: 'Lançar quotas do ano' }).click();
    const year = page.getByRole('form', { name: 'Lançar quotas do ano' }).getByLabel('Ano');
    expect(await year.inputValue()).toBe(String(new Date().getFullYear()));
    await year.fill('2099');
    await page.getByRole('button', { name: 'Lançar', exact: true }).click();
    // The launch says what it did: members charged, debts raised, their total.
    await page.getByRole('status').filter({ hasText: /Quotas de \d{4} lançadas: [\d\s]+ sócios?, [\d\s]+ dívidas?, [\d\s]+,\d{2}\s€\./ }).waitFor({ timeout: 30_000 });
    const debts = (await api('GET', `/members/${member!._id}/unsettled_payments?_limit=-1`)).body.data as unknown as { year: number; amount: number }[];
    expect(debts.filter((debt) => debt.year === 2099).map((debt) => debt.amount)).toEqual([3000]);

    // Its debts are raised: the due day may no longer change, and the form says why.
    await schedules(page).locator('tbody tr').first().click();
    await page.waitForURL(`**/configuracaoQuotas/tabelas/${current}`);
    await fill(page, 'due_day', '15');
    await form(page).getByRole('button', { name: 'Guardar' }).click();
    await form(page).getByText('Já foram lançadas dívidas com esta tabela').waitFor();
    expect((await api('GET', `/fee_schedules/${current}`)).body.data.due_day).toBe(31);
    expect(page.problems).toEqual([]);
  });
});
