import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo, type DemoSite } from './support/demo-site.js';
import { startHarness, type Harness } from './support/harness.js';

// Membership cards end to end (issue 12): a card's QR address opens /v/{code} without login and
// says 'Válido'; once staff reissue the card, the old address says 'Substituído' and the new one
// 'Válido'; with a debt overdue, 'Quotas em atraso'. Then the same through <associa-card-verifier>
// on the demo association website, and staff's verify-multiple page fed codes as a keyboard-wedge
// scanner types them, in a session the server keeps and the page reopens.

let h: Harness;
let site: DemoSite;
const stamp = Date.now().toString(36);

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

interface Card {
  _id: number;
  code: string;
  member: number;
}

let first: Card;
let member: number;

beforeAll(async () => {
  h = await startHarness();
  site = await serveDemo(h.baseUrl);
  // Valid for years from issue: this is about the verification, not the ledger. A category of
  // its own with no fee schedule: the member owes nothing, so the card is in full rights.
  const [rule] = await api<{ _id: number }[]>('GET', 'settings?_name=cardValidityRule');
  await api('PATCH', `settings/${rule!._id}`, { value: 'years' });
  const category = await api<{ _id: number }>('POST', 'fee_categories', { name: `Cartões ${stamp}` });
  const [active] = await api<{ _id: number }[]>('GET', 'member_states?_search=Ativo&_limit=1');
  member = (await api<{ _id: number }>('POST', 'members', { name: `Beatriz Cartão ${stamp} Fonseca`, state: active!._id, admission_date: '2020-01-15', fee_category: category._id }))._id;
  first = await api<Card>('POST', 'membership_cards/issue', { member });
}, 120_000);

afterAll(async () => {
  await site?.close();
  await h?.close();
});

const verdict = '[data-verdict] [data-state]';

describe('membership cards', () => {
  it("opens a card's QR address without login and sees 'Válido'; reissued, the old address says 'Substituído'; in arrears, 'Quotas em atraso'", async () => {
    const page = await h.newPage();
    await page.goto(`/v/${first.code}`);
    const element = page.locator('associa-card-verifier');
    await expect.poll(() => element.locator(verdict).textContent(), { timeout: 15_000 }).toBe('Válido');
    expect(await element.locator('[data-name]').textContent()).toBe('Beatriz Fonseca');
    // At arm's length on a phone: the verdict and the name fit the first screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await element.locator(verdict).boundingBox();
    expect(box!.y + box!.height).toBeLessThan(844);
    await h.screenshot(page, 'card-verify-valid-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    const second = await api<Card>('POST', 'membership_cards/issue', { member });
    expect(second.code).not.toBe(first.code);
    await page.goto(`/v/${first.code}`);
    await expect.poll(() => page.locator('associa-card-verifier').locator(verdict).textContent(), { timeout: 15_000 }).toBe('Substituído');
    await page.goto(`/v/${second.code}`);
    await expect.poll(() => page.locator('associa-card-verifier').locator(verdict).textContent(), { timeout: 15_000 }).toBe('Válido');

    // In arrears: a debt due last year and still unpaid.
    const lastYear = new Date().getFullYear() - 1;
    await api('POST', 'unsettled_payments/raise', { member, kind: 'other', year: lastYear, amount: 1500, due_date: `${lastYear}-01-31`, description: 'Jantar de aniversário' });
    await page.goto(`/v/${second.code}`);
    await expect.poll(() => page.locator('associa-card-verifier').locator(verdict).textContent(), { timeout: 15_000 }).toBe('Quotas em atraso');
    await h.screenshot(page, 'card-verify-arrears');
    // Paid, in full rights again.
    await api('POST', 'payments/record', { member, date: new Date().toISOString().slice(0, 10), amount: 1500, method: 'numerario' });
    await page.goto(`/v/${second.code}`);
    await expect.poll(() => page.locator('associa-card-verifier').locator(verdict).textContent(), { timeout: 15_000 }).toBe('Válido');

    await page.goto('/v/0000-0000-00000');
    await expect.poll(() => page.locator('associa-card-verifier').locator('[data-not-found]').count(), { timeout: 15_000 }).toBe(1);
    expect(page.problems).toEqual([]);
  }, 60_000);

  it('the same through <associa-card-verifier> on the demo association website', async () => {
    const page = await h.newPage();
    await page.goto(site.url);
    const element = page.locator('#cartao associa-card-verifier');
    await element.getByLabel('Código do cartão').fill(first.code.toLowerCase());
    await element.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => element.locator(verdict).textContent(), { timeout: 15_000 }).toBe('Substituído');
    const [current] = await api<Card[]>('GET', `membership_cards?_member=${member}&_state=active`);
    await element.getByLabel('Código do cartão').fill(current!.code);
    await element.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => element.locator(verdict).textContent(), { timeout: 15_000 }).toBe('Válido');
    await h.screenshot(page, 'card-verifier-demo-site');
    expect(page.problems).toEqual([]);
  }, 60_000);

  it('verify multiple takes codes typed as a scanner would and counts present and in full rights', async () => {
    const [current] = await api<Card[]>('GET', `membership_cards?_member=${member}&_state=active`);
    const page = await h.loginAs('admin');
    await page.goto('/cartoessocio/verificarVarios');
    // A session named for the minutes; the page moves to its own address.
    await page.getByLabel('Nome da sessão').fill(`Assembleia ${stamp}`);
    await page.getByRole('button', { name: 'Começar sessão' }).click();
    await page.waitForURL(/\/cartoessocio\/verificarVarios\/\d+$/);
    const field = page.getByLabel('Código do cartão');
    await field.waitFor();
    await field.focus();
    // A scanner types the QR's content and Enter into the focused field.
    await page.keyboard.type(`${h.baseUrl}/v/${current!.code}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(first.code);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`${h.baseUrl}/v/${current!.code}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-count="scans"]').textContent(), { timeout: 15_000 }).toBe('3');
    await expect.poll(() => page.locator('tr[data-pending]').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('[data-count="present"]').textContent()).toBe('1');
    expect(await page.locator('[data-count="full-rights"]').textContent()).toBe('1');
    expect(await page.locator('tr[data-scan="2"] [data-state]').textContent()).toBe('Substituído');
    expect(await page.locator('tr[data-scan="3"]').getAttribute('data-duplicate')).toBe('true');
    await h.screenshot(page, 'card-verify-multiple');
    // Reopened (another tab, another device): the session as the server kept it.
    await page.reload();
    await expect.poll(() => page.locator('tr[data-scan]').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.locator('[data-count="present"]').textContent()).toBe('1');
    expect(await page.locator('[data-session-name]').textContent()).toContain(`Assembleia ${stamp}`);
    expect(page.problems).toEqual([]);
  }, 60_000);
});
