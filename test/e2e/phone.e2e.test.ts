import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountsInView } from './support/amounts.js';
import { axeViolations } from './support/axe.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { ROUTES } from './support/routes.js';

// Issue 30, item 5: at 375 × 812, on the demo data, every table of money shows every amount in
// full (rows as cards), for staff (a statement, the debts, the payments, the treasury) and for
// the demo member (their home), with no sideways scroll and no axe violation; screenshots saved.
const PHONE = { width: 375, height: 812 };

let h: Harness;
let staff: E2ePage;
let member: E2ePage;
/** The member who owes the most: the longest statement, the largest amounts. */
let debtor = 0;
let payment = 0;
let receipt = 0;

beforeAll(async () => {
  h = await startHarness();
  staff = await h.loginAs('admin');
  await staff.setViewportSize(PHONE);
  member = await h.loginAs('member');
  await member.setViewportSize(PHONE);
  debtor = (await h.api<{ _id: number }[]>('GET', 'member_balances?_sort=-open_total&_limit=1'))[0]!._id;
  payment = (await h.api<{ _id: number }[]>('GET', 'payments?_sort=-amount&_limit=1'))[0]!._id;
  receipt = (await h.api<{ _id: number }[]>('GET', 'treasury_docs?_sort=-total&_limit=1'))[0]!._id;
});
afterAll(async () => {
  await h?.close();
});

function address(name: string, params: Record<string, number> = {}): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => String(params[key]));
}

/** Opens the page and waits for its route, its heading, its data and the rows of `rows`. */
async function open(page: E2ePage, name: string, params: Record<string, number>, rows: string): Promise<void> {
  await page.goto(address(name, params));
  await page.locator(`main#main[data-route="${name}"] h1`).first().waitFor({ timeout: 15_000 });
  await page.locator(rows).first().waitFor({ timeout: 15_000 });
  await page.quiet().catch(() => undefined);
  await page.locator('[aria-busy="true"], [data-loading]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

/** Every amount whole, the page not wider than the phone, axe content; then a screenshot of the whole page. */
async function readableOnAPhone(page: E2ePage, shot: string): Promise<number> {
  const { cells, problems } = await amountsInView(page);
  expect(problems).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  expect(await axeViolations(page)).toEqual([]);
  await h.screenshot(page, shot, { fullPage: true });
  return cells;
}

describe('money tables at 375 × 812, as staff', () => {
  it("a member's statement and open debts: every line a card, every amount in full", async () => {
    await open(staff, 'unpaidByMember', { memberId: debtor }, 'associa-member-statement tbody tr');
    await staff.locator('associa-payment-debts tbody tr').first().waitFor();
    expect(await readableOnAPhone(staff, 'phone-statement')).toBeGreaterThan(4);
    // A card names each value by its column.
    const balance = staff.locator('associa-member-statement tbody tr').first().locator('td[data-label="Saldo"]');
    expect(await balance.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Saldo"');
  });

  it('the debts list', async () => {
    await open(staff, 'unpaid', {}, 'associa-resource-list tbody tr');
    expect(await readableOnAPhone(staff, 'phone-unpaid')).toBeGreaterThan(0);
  });

  it('the payments list and a payment', async () => {
    await open(staff, 'paymentsList', {}, 'associa-resource-list tbody tr');
    expect(await readableOnAPhone(staff, 'phone-payments')).toBeGreaterThan(0);
    await open(staff, 'paymentsEdit', { id: payment }, 'associa-payment-detail tbody tr');
    expect(await readableOnAPhone(staff, 'phone-payment')).toBeGreaterThan(0);
  });

  it('the treasury list and a receipt', async () => {
    await open(staff, 'treasuryDocList', {}, 'associa-resource-list tbody tr');
    expect(await readableOnAPhone(staff, 'phone-treasury')).toBeGreaterThan(0);
    await open(staff, 'treasuryDocsEdit', { id: receipt }, 'associa-treasury-doc tbody tr');
    expect(await readableOnAPhone(staff, 'phone-receipt')).toBeGreaterThan(0);
  });
});

describe('the demo member at 375 × 812', () => {
  it('their home: one column, debts, payments and receipts as cards with every amount in full', async () => {
    await open(member, 'memberHome', {}, 'associa-member-home [data-own="payments"] tbody tr');
    await member.locator('associa-member-home [data-own="receipts"] tbody tr').first().waitFor();
    expect(await readableOnAPhone(member, 'phone-member-dashboard')).toBeGreaterThan(2);
    const columns = await member.locator('associa-member-home [data-column]').evaluateAll((all) => all.map((column) => Math.round(column.getBoundingClientRect().left)));
    expect(new Set(columns).size, 'one column').toBe(1);
  });

  it('on a laptop (1366 × 850), their home takes two columns', async () => {
    const page = await h.loginAs('member');
    await page.setViewportSize({ width: 1366, height: 850 });
    await open(page, 'memberHome', {}, 'associa-member-home [data-own="payments"] tbody tr');
    const [side, main] = await page.locator('associa-member-home [data-column]').evaluateAll((all) => all.map((column) => column.getBoundingClientRect().toJSON() as DOMRect));
    expect(side!.top).toBe(main!.top);
    expect(side!.right).toBeLessThanOrEqual(main!.left);
    expect(main!.width).toBeGreaterThan(side!.width);
    // The payments stay a table beside the member's card.
    expect(await page.locator('associa-member-home [data-own="payments"] tbody td').first().evaluate((cell) => getComputedStyle(cell).display)).toBe('table-cell');
    expect((await amountsInView(page)).problems).toEqual([]);
    await h.screenshot(page, 'laptop-member-dashboard', { fullPage: true });
    await page.context().close();
  });
});
