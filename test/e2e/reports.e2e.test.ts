import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';
import { axeViolations } from './support/axe.js';

// The reports page (issue 15) against the real server and the demo organisation: five reports,
// each with a chart and its table; a payment recorded elsewhere shows after a refresh; a
// cooperative has no such page.

let h: Harness;
const year = new Date().getFullYear();
const EURO = (text: string) => text.replace(/\s/g, ' ');

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const reports = (page: Page) => page.locator('associa-reports');
const section = (page: Page, name: string) => reports(page).locator(`section[data-report="${name}"]`);

async function openReports(page: Page) {
  await page.goto('/relatorios');
  await shownRoute(page, 'reportOverview');
  await expect.poll(() => reports(page).locator('section[data-report] table').count(), { timeout: 15_000 }).toBe(5);
}

/** This year's total received on a cash basis, as the payments table shows it. */
async function cashThisYear(page: Page): Promise<string> {
  const row = section(page, 'paymentsPerYear').locator('tbody tr', { hasText: `Total de ${year}` });
  return EURO((await row.locator('td').nth(1).innerText()).trim());
}

const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

describe('the reports page, end to end', () => {
  it('shows the five reports of the demo organisation, each with a chart, its table, basis and as-of date', async () => {
    const page = await h.loginAs('admin');
    await openReports(page);
    expect(await reports(page).locator('h2').allInnerTexts()).toEqual([
      'Valores em dívida por ano',
      'Quotas previstas para o ano seguinte',
      'Recebimentos por ano',
      'Saídas por ano',
      'Evolução dos sócios por ano',
    ]);
    for (const name of ['owedPerYear', 'nextYearQuotaExpectations', 'paymentsPerYear', 'cancelationsPerYear', 'membershipsPerYear']) {
      const report = section(page, name);
      expect(await report.locator('svg[role="img"]').count(), name).toBeGreaterThan(0);
      expect(await report.locator('tbody tr').count(), name).toBeGreaterThan(0);
      expect(await report.innerText(), name).toContain('Base de cálculo:');
      expect(await report.innerText(), name).toMatch(/Data de referência: \d{2}\/\d{2}\/\d{4}/);
    }
    // The demo has payments: the bars are drawn, not an empty frame.
    expect(await section(page, 'paymentsPerYear').locator('rect.bar').count()).toBeGreaterThan(0);
    // Next year's fee table is in the demo: the expected quotas are drawn too.
    expect(await section(page, 'nextYearQuotaExpectations').locator('rect.bar').count()).toBeGreaterThan(0);
    await h.screenshot(page, 'reports', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(page.problems).toEqual([]);
  });

  it('prints as an A4 annex: the organisation on top, no controls, each report on its own page', async () => {
    const page = await h.loginAs('admin');
    await openReports(page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText(/ · Anexo ao relatório anual · /).isVisible()).toBe(true);
    expect(await reports(page).locator('form').isVisible()).toBe(false);
    expect(await reports(page).getByRole('button', { name: 'Exportar CSV' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Menu principal' }).isVisible()).toBe(false);
    await h.screenshot(page, 'reports-print', { fullPage: true });
    // @page size A4 (preferCSSPageSize): 210 × 297 mm is 595 × 842 points.
    const pdf = Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const pages = pdf.match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pdf).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
  });

  it('counts a payment recorded in another window after a refresh', async () => {
    const page = await h.loginAs('editor');
    await openReports(page);
    const before = await cashThisYear(page);
    const states = await h.api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
    const member = await h.api<{ _id: number }>('POST', 'members', { name: 'Quitéria Relatórios', state: states.find((state) => !state.marksEnd)!._id, dues_exempt: true });
    // Another window: a second browser records it through the API as the administrator.
    const today = new Date().toISOString().slice(0, 10);
    await h.api('POST', 'payments/record', { member: member._id, date: today, amount: 12345, method: 'numerario' });
    await page.reload();
    await openReports(page);
    await expect.poll(() => cashThisYear(page)).not.toBe(before);
    expect(cents(await cashThisYear(page)) - cents(before)).toBe(12345);
  });

  it('does not exist for a cooperative: no menu entry, and /relatorios is not found', async () => {
    const [orgType] = await h.api<{ _id: number; value: string }[]>('GET', 'settings?_name=orgType');
    await h.api('PATCH', `settings/${orgType!._id}`, { value: 'cooperative' });
    try {
      const page = await h.loginAs('admin');
      await page.goto('/relatorios');
      expect(await shownRoute(page, 'notFound')).toBe('notFound');
      const menu = page.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByRole('link', { name: 'Mensagens' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Relatórios' }).count()).toBe(0);
      expect(await page.locator('associa-reports').count()).toBe(0);
    } finally {
      await h.api('PATCH', `settings/${orgType!._id}`, { value: orgType!.value });
    }
  });
});
