import type { Download, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../src/server/modules/collecting/fake-ifthenpay.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { pdfText } from './support/pdf-text.js';

// The member pays from their dashboard (issue 28): the demo member `socio` opens /dashboard,
// ticks a debt, presses *Pagar*, gets a Multibanco reference issued by the (fake) ifthenpay,
// which then calls the server's callback as ifthenpay does; without a reload the dashboard
// shows the request paid, the debt gone from the open ones and its receipt listed, whose PDF
// downloads. Then the same by MB WAY, for a quota not yet due.

let h: Harness;
let fake: FakeIfthenpay;
let member = 0;
const stamp = Date.now().toString(36);
const year = new Date().getFullYear();
const EURO = (text: string) => text.replace(/\s/g, ' ');
const OWED = `Quota extra ${stamp}`;
const NOT_YET_DUE = `Quota ${year + 1} ${stamp}`;
const IBAN = 'PT50000201231234567890154';

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function pdfOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes).join('\n');
}

const receiptIds = async (home: Locator) => (await home.locator('[data-own="receipts"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-receipt')))).filter(Boolean);

/** The dashboard of `socio`, once the debt `description` is listed. */
async function dashboard(description: string): Promise<{ page: E2ePage; home: Locator }> {
  const page = await h.loginAs('member');
  await page.goto('/dashboard');
  const home = page.locator('associa-member-home');
  await home.getByRole('checkbox', { name: `Selecionar ${description}` }).waitFor();
  // The receipts section loads on its own (a lazy part): the demo member's earlier receipts are
  // listed before the test notes which ones were there.
  await expect.poll(async () => (await receiptIds(home)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return { page, home };
}


/**
 * Waits for the request on the dashboard to read "Pago" by itself, the debt to leave the open
 * ones and a new receipt of `amount` to be listed; downloads that receipt and answers its text.
 */
async function settledWithReceipt(page: E2ePage, home: Locator, description: string, amount: string, before: (string | null)[]): Promise<string> {
  const payment = home.locator('[data-own-payment]');
  await expect.poll(() => payment.locator('dd[data-field="Estado"]').getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
  await payment.getByText('Pago. Obrigado! O pagamento já foi registado.').waitFor();
  await expect.poll(() => home.getByRole('checkbox', { name: `Selecionar ${description}` }).count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(async () => (await receiptIds(home)).filter((id) => !before.includes(id)).length, { timeout: 15_000 }).toBe(1);
  const id = (await receiptIds(home)).find((r) => !before.includes(r))!;
  const row = home.locator(`[data-own="receipts"] tbody tr[data-receipt="${id}"]`);
  expect(EURO(await row.innerText())).toContain(amount);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Descarregar o recibo/ }).click()]);
  return pdfOf(download);
}

beforeAll(async () => {
  fake = await startFakeIfthenpay();
  h = await startHarness({ ifthenpay: fake.config });
  fake.callbackUrl = `${h.baseUrl}/api/payment_callbacks/ifthenpay`;
  await h.server.setSettings({ hasTreasury: 'true', treasuryAutoIssue: 'true', associationIban: IBAN });
  const users = await api<{ username: string; member: number | null }[]>('GET', 'users?_limit=-1');
  member = users.find((u) => u.username === 'socio')!.member!;
  await api('POST', 'unsettled_payments/raise', { member, kind: 'other', year, amount: 1500, due_date: day(-10), description: OWED });
  await api('POST', 'unsettled_payments/raise', { member, kind: 'other', year: year + 1, amount: 1700, due_date: `${year + 1}-01-31`, description: NOT_YET_DUE });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

describe('the member pays from /dashboard', () => {
  it('ticks a debt, Pagar, gets a Multibanco reference; the provider calls back; the debt is settled and its receipt downloads', async () => {
    const { page, home } = await dashboard(OWED);
    const before = await receiptIds(home);
    await home.getByRole('checkbox', { name: `Selecionar ${OWED}` }).check();
    await home.getByRole('button', { name: 'Pagar', exact: true }).click();
    const payment = home.locator('[data-own-payment]');
    await payment.getByRole('heading', { name: /^Pagar 1 dívida: 15,00/ }).waitFor();
    // Every way the association takes, and only those.
    expect(await payment.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).toEqual(['multibanco', 'mbway', 'transfer']);
    await payment.getByRole('radio', { name: 'Transferência bancária' }).check();
    expect(await payment.locator('dd[data-field="IBAN"]').innerText()).toBe('PT50 0002 0123 1234 5678 9015 4');
    expect(await payment.locator('dd[data-field="Descritivo"]').innerText()).toMatch(/^Sócio \d+$/);
    await payment.getByRole('radio', { name: 'Referência Multibanco' }).check();
    await payment.getByRole('button', { name: 'Obter referência Multibanco' }).click();

    const field = (label: string) => payment.locator(`dd[data-field="${label}"]`);
    await field('Referência').waitFor();
    expect(await field('Entidade').innerText()).toBe(FAKE_ENTITY);
    const reference = (await field('Referência').innerText()).replace(/\s/g, '');
    expect(EURO(await field('Valor').innerText())).toBe('15,00 €');
    expect(await field('Estado').innerText()).toBe('Por pagar');
    await payment.getByRole('button', { name: 'Copiar referência' }).waitFor();
    await h.screenshot(page, 'dashboard-payment-multibanco', { fullPage: true });

    const issued = [...fake.requests.values()].filter((r) => r.reference === reference);
    expect(issued.map((r) => [r.entity, r.amount])).toEqual([[FAKE_ENTITY, 1500]]);
    await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
    expect(await fake.pay(issued[0]!.requestId)).toBe(200);

    const text = await settledWithReceipt(page, home, OWED, '15,00 €', before);
    expect(text).toContain(OWED);
    // Live, not reloaded.
    expect(await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
    await h.screenshot(page, 'dashboard-payment-paid', { fullPage: true });
    expect(page.problems).toEqual([]);
    expect(page.failedResponses).toEqual([]);
  });

  it('the same by MB WAY, for a quota not yet due', async () => {
    const { page, home } = await dashboard(NOT_YET_DUE);
    const before = await receiptIds(home);
    await home.getByRole('checkbox', { name: `Selecionar ${NOT_YET_DUE}` }).check();
    await home.getByRole('button', { name: 'Pagar', exact: true }).click();
    const payment = home.locator('[data-own-payment]');
    await payment.getByRole('radio', { name: 'MB WAY' }).check();
    await payment.getByLabel('Telemóvel (MB WAY)').fill('912 345 678');
    await payment.getByRole('button', { name: 'Pagar com MB WAY' }).click();
    await payment.getByText('Aceite o pagamento na aplicação MB WAY do seu telemóvel.').waitFor();
    expect(EURO(await payment.locator('dd[data-field="Valor"]').innerText())).toBe('17,00 €');
    await h.screenshot(page, 'dashboard-payment-mbway', { fullPage: true });

    const pushed = [...fake.requests.values()].filter((r) => r.method === 'mbway');
    expect(pushed.map((r) => r.amount)).toEqual([1700]);
    expect(await fake.pay(pushed[0]!.requestId)).toBe(200);
    const text = await settledWithReceipt(page, home, NOT_YET_DUE, '17,00 €', before);
    expect(text).toContain(NOT_YET_DUE);
    const request = await api<{ method: string; state: string; member: number }[]>('GET', `payment_requests?_limit=-1&member=${member}`);
    expect(request.filter((r) => r.method === 'mbway').map((r) => r.state)).toEqual(['paid']);
    expect(page.problems).toEqual([]);
    expect(page.failedResponses).toEqual([]);
  });
});
