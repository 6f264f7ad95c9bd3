import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';

// Dues end to end: staff record one payment for two of a member's three debts through the
// host's pages and <associa-payment-debts>, against the real server; the statement and the
// unpaid list follow, and so does a second browser that has the unpaid list open.

let h: Harness;
let member: { _id: number; number: number; name: string };
let paymentId = 0;
const NAME = 'Teodora Quintas Pagamento';
const year = new Date().getFullYear();
const YEARS = [year - 3, year - 2, year - 1];
const EURO = (text: string) => text.replace(/\s/g, ' ');

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

beforeAll(async () => {
  h = await startHarness();
  // A member of no fee category (so admission raises nothing) and three quotas raised by hand.
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  const active = states.find((state) => !state.marksEnd)!;
  member = await api('POST', 'members', { name: NAME, state: active._id, dues_exempt: true });
  for (const [i, y] of YEARS.entries()) {
    await api('POST', 'unsettled_payments/raise', { member: member._id, kind: 'quota', year: y, amount: 2400 + i * 300, due_date: `${y}-03-31`, description: `Quota ${y}` });
  }
});
afterAll(async () => {
  await h?.close();
});

const debts = (page: Page) => page.locator('associa-payment-debts');
const debtRows = (page: Page) => debts(page).locator('tbody tr');

/** The unpaid list, searched down to the test member's row. */
async function openUnpaid(page: E2ePage) {
  await page.goto('/quotas/dividas');
  const list = page.locator('associa-resource-list');
  await list.getByRole('searchbox').fill(NAME);
  await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
  return list.locator('tbody tr', { hasText: NAME });
}

async function rowCells(row: ReturnType<Page['locator']>): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map((text) => EURO(text.trim()));
}

describe('payments, end to end', () => {
  it('records a payment for two of three debts: they are paid, and the statement, the unpaid list and a second browser follow', async () => {
    const watcher = await h.loginAs('editor');
    const watched = await openUnpaid(watcher);
    expect(await rowCells(watched)).toEqual(expect.arrayContaining([String(member.number), NAME, '3', '81,00 €', `31/03/${YEARS[0]}`]));

    const staff = await h.loginAs('admin');
    await staff.goto('/quotas/pagamentos/novo');
    await staff.getByRole('searchbox', { name: 'Escolha o sócio' }).fill(NAME);
    await staff.getByRole('button', { name: `N.º ${member.number} — ${NAME}` }).click();
    await expect.poll(() => debtRows(staff).count()).toBe(3);
    expect(await debtRows(staff).locator('td:nth-child(2)').allInnerTexts()).toEqual(YEARS.map((y) => `Quota ${y}`));

    await debts(staff).getByRole('checkbox', { name: `Selecionar Quota ${YEARS[0]}` }).check();
    await debts(staff).getByRole('checkbox', { name: `Selecionar Quota ${YEARS[1]}` }).check();
    await expect.poll(async () => EURO(await debts(staff).locator('tr[data-total="selected"] [data-amount]').innerText())).toBe('51,00 €');
    await debts(staff).getByRole('button', { name: 'Registar pagamento' }).click();
    expect(await debts(staff).getByLabel('Valor (€)').inputValue()).toBe('51,00');
    await debts(staff).getByLabel('Meio de pagamento').selectOption('transferencia');
    await debts(staff).getByLabel('Referência').fill('TRF-2025-001');
    await h.screenshot(staff, 'payments-new-form', { fullPage: true });
    await debts(staff).getByRole('button', { name: 'Registar', exact: true }).click();

    // The new payment opens: it paid the two debts chosen.
    await staff.waitForURL(/\/pagamentos\/\d+$/);
    paymentId = Number(new URL(staff.url()).pathname.split('/').pop());
    const allocated = staff.locator('[data-payment] tbody tr');
    await expect.poll(() => allocated.count()).toBe(2);
    expect((await allocated.allInnerTexts()).map(EURO)).toEqual([
      expect.stringContaining(`Quota ${YEARS[0]}`),
      expect.stringContaining(`Quota ${YEARS[1]}`),
    ]);
    const rows = await api<{ year: number; status: string; open_amount: number }[]>('GET', `members/${member._id}/unsettled_payments?_limit=-1`);
    expect(rows.map((row) => [row.year, row.status, row.open_amount]).sort()).toEqual([
      [YEARS[0], 'paid', 0],
      [YEARS[1], 'paid', 0],
      [YEARS[2], 'open', 3000],
    ]);
    const payment = await api<{ amount: number; allocated: number; credit: number; method: string; reference: string }>('GET', `payments/${paymentId}`);
    expect(payment).toMatchObject({ amount: 5100, allocated: 5100, credit: 0, method: 'transferencia', reference: 'TRF-2025-001' });
    await h.screenshot(staff, 'payments-edit', { fullPage: true });

    // The statement: three debts, the payment, a running balance ending at what is still owed.
    await staff.getByRole('link', { name: 'Ver extrato' }).click();
    await staff.waitForURL(`**/quotas/dividas/${member._id}`);
    const statement = staff.locator('[data-statement]');
    await expect.poll(async () => EURO(await statement.locator('[data-open-total]').innerText())).toBe('30,00 €');
    expect(EURO(await statement.locator('[data-standing]').innerText())).toBe('Em atraso (1 ano, 30,00 €)');
    const balances = (await statement.locator('tbody tr td:last-child').allInnerTexts()).map(EURO);
    expect(balances.at(-1)).toBe('30,00 €');
    expect(await statement.locator('tbody tr[data-kind="payment"]').count()).toBe(1);
    expect(await debtRows(staff).count()).toBe(1);
    await h.screenshot(staff, 'payments-statement', { fullPage: true });
    // On paper: the statement alone, without the menus or the recording panel.
    await staff.emulateMedia({ media: 'print' });
    expect(await staff.locator('[data-statement] table').isVisible()).toBe(true);
    expect(await debts(staff).isVisible()).toBe(false);
    expect(await staff.getByRole('navigation', { name: 'Menu principal' }).isVisible()).toBe(false);
    await staff.emulateMedia({ media: 'screen' });

    // The unpaid list, here and in the browser that kept it open all along.
    await expect.poll(async () => rowCells(watched), { timeout: 10_000 }).toEqual(expect.arrayContaining(['1', '30,00 €', `31/03/${YEARS[2]}`]));
    const here = await openUnpaid(staff);
    expect(await rowCells(here)).toEqual(expect.arrayContaining(['1', '30,00 €']));
    await h.screenshot(staff, 'payments-unpaid', { fullPage: true });

    // The member's page in the back office: their standing and the way to their statement.
    await staff.goto(`/socios/${member._id}`);
    const standing = staff.locator(`[data-member-standing="${member._id}"]`);
    await expect.poll(async () => EURO(await standing.innerText())).toContain('Em atraso (1 ano, 30,00 €)');
    await standing.getByRole('link', { name: 'Ver extrato' }).click();
    await staff.waitForURL(`**/quotas/dividas/${member._id}`);

    expect(staff.problems).toEqual([]);
    expect(watcher.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
    expect(watcher.failedResponses).toEqual([]);
  });

  it('annuls the payment with a reason: its debts are open again and the statement says why', async () => {
    const staff = await h.loginAs('admin');
    await staff.goto(`/pagamentos/${paymentId}`);
    await staff.getByRole('button', { name: 'Anular pagamento' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Anular este pagamento?' });
    // The reason is required: nothing is sent without it.
    await dialog.getByRole('button', { name: 'Anular pagamento' }).click();
    await dialog.getByText('Indique o motivo da anulação.').waitFor();
    await dialog.getByLabel('Motivo').fill('Transferência devolvida pelo banco');
    await dialog.getByRole('button', { name: 'Anular pagamento' }).click();
    // The payment's page says it no longer stands, when, and why.
    await staff.getByText(/^Anulado em \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await staff.getByText('Transferência devolvida pelo banco', { exact: true }).first().waitFor();
    expect(await staff.getByRole('button', { name: 'Anular pagamento' }).count()).toBe(0);

    await staff.getByRole('link', { name: 'Ver extrato' }).click();
    const statement = staff.locator('[data-statement]');
    await expect.poll(async () => EURO(await statement.locator('[data-open-total]').innerText())).toBe('81,00 €');
    expect(await statement.locator('tbody tr[data-kind="annulment"]').innerText()).toContain('Transferência devolvida pelo banco');
    await expect.poll(() => debtRows(staff).count()).toBe(3);
    expect(staff.problems).toEqual([]);
  });

  it('filters the payments by a date range and the unpaid list by standing and by a year owed', async () => {
    const staff = await h.loginAs('admin');
    await staff.goto('/quotas/pagamentos');
    const filters = staff.locator('[data-list-filters="payments"]');
    const ranged = staff.waitForResponse((response) => new URL(response.url()).pathname === '/api/payments' && new URL(response.url()).searchParams.get('_date_gte') === `${YEARS[2]}-01-01`);
    await filters.getByLabel('Data: de').fill(`${YEARS[2]}-01-01`);
    await ranged;
    const years = async () => (await staff.locator('associa-resource-list tbody tr td:nth-child(2)').allInnerTexts()).map((date) => Number(date.slice(-4)));
    await expect.poll(async () => Math.min(...(await years()))).toBeGreaterThanOrEqual(YEARS[2]!);

    await staff.goto('/quotas/dividas');
    // The answer, not the request: a list aborts a read that a newer one supersedes, and an
    // aborted request has no response.
    const standing = staff.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/member_balances' && url.searchParams.get('_standing') === 'em_atraso' && response.ok();
    });
    await staff.locator('[data-list-filters="member_balances"]').getByLabel('Situação').selectOption('em_atraso');
    const body = (await (await standing).json()) as { data: { oldest_due: string; open_total: number }[] };
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) expect(row.open_total).toBeGreaterThan(0);

    // Those who still owe a given year: the server answers it from their debts of that year.
    const owed = YEARS[1]!;
    const owesYear = staff.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/member_balances' && url.searchParams.get('_owes_year') === String(owed) && response.ok();
    });
    await staff.locator('[data-list-filters="member_balances"]').getByLabel('Deve o ano').fill(String(owed));
    const owing = (await (await owesYear).json()) as { data: { member: number }[] };
    expect(owing.data.length).toBeGreaterThan(0);
    for (const row of owing.data.slice(0, 5)) {
      const debts = await api<{ status: string }[]>('GET', `members/${row.member}/unsettled_payments?_limit=-1&_year=${owed}`);
      expect(debts.some((debt) => debt.status === 'open' || debt.status === 'partial'), `member ${row.member}`).toBe(true);
    }
    expect(staff.problems).toEqual([]);
  });

  it('shows the landing figures with the month chart, and a member their own debts and payments on the dashboard', async () => {
    const staff = await h.loginAs('admin');
    await staff.goto('/quotas');
    await staff.locator('[data-figure="owed"] dd').waitFor();
    for (const figure of ['owed', 'received', 'arrears']) expect(await staff.locator(`[data-figure="${figure}"] dd`).innerText()).not.toBe('');
    expect(await staff.getByRole('img', { name: /Gráfico de barras do valor recebido/ }).count()).toBe(1);
    expect(await staff.locator('[data-chart] rect').count()).toBe(12);
    await h.screenshot(staff, 'payments-landing', { fullPage: true });

    const socio = await h.loginAs('member');
    await socio.goto('/dashboard');
    const home = socio.locator('associa-member-home');
    await home.locator('[data-own="payments"]').waitFor();
    expect(await home.getByRole('button', { name: 'Registar pagamento' }).count()).toBe(0);
    await h.screenshot(socio, 'payments-member-home', { fullPage: true });
    expect(socio.problems).toEqual([]);
  });
});
