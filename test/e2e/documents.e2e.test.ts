import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryDocView } from '../../src/core/index.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';

// Documents that look like documents (issue 30, item 3), on the demo data in Chromium against the
// real server: a receipt's page and its payment's page read as text, with no raw JSON, no
// internal id, no hash in view and no amount in cents; the receipt says "Anulado" as soon as it
// is annulled, linking its note. Screenshots for people to look at.

let h: Harness;
let receipt: TreasuryDocView;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

/** What a person sees of the page, the elements' shadow roots included (closed <details> and dialogs left out). */
const seen = (page: E2ePage) =>
  page.evaluate(() => {
    const parts = [document.body.innerText];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (!element.shadowRoot) continue;
        for (const child of element.shadowRoot.children) if (child instanceof HTMLElement && child.localName !== 'style') parts.push(child.innerText);
        walk(element.shadowRoot);
      }
    };
    walk(document);
    return parts.join('\n');
  });

/** No raw JSON, no hash, no amount in cents, no internal "#id". */
function expectReadable(text: string, cents: readonly number[]) {
  expect(text).not.toContain('[{');
  expect(text).not.toMatch(/sha/i);
  expect(text).not.toMatch(/[0-9a-f]{64}/);
  expect(text).not.toMatch(/#\d/);
  for (const amount of cents.filter((c) => c >= 1000)) expect(text).not.toMatch(new RegExp(`(^|[^\\d ])${amount}([^\\d]|$)`));
}

beforeAll(async () => {
  h = await startHarness();
  await h.server.setSettings({ hasTreasury: 'true' });
  // The demo's latest quota receipt that documents a payment and stands.
  const docs = await api<{ _id: number; annulled_by_doc: number | null }[]>('GET', 'treasury_docs?type=quota&_sort=-_id&_limit=20');
  for (const doc of docs.filter((d) => d.annulled_by_doc === null)) {
    const view = await api<TreasuryDocView>('GET', `treasury_docs/${doc._id}/view`);
    if (view.payments.length > 0 && !view.payments[0]!.annulled) {
      receipt = view;
      break;
    }
  }
  expect(receipt, 'the demo has a standing quota receipt of a payment').toBeDefined();
});
afterAll(async () => {
  await h?.close();
});

describe('a receipt and a payment, read as documents', () => {
  it('shows the receipt as a document: lines in euros, series by name, issuer and payer, integrity folded', async () => {
    const staff = await h.loginAs('admin');
    await staff.goto(`/tesoouraria/${receipt._id}`);
    const doc = staff.locator('associa-treasury-doc');
    await doc.getByRole('heading', { name: receipt.number }).waitFor();
    await doc.locator('[data-doc-preview="ready"]').waitFor();
    const text = await seen(staff);
    expect(text).toContain(receipt.number);
    expect(text).toContain(receipt.series_name);
    expect(text).toContain(receipt.payer.name);
    expect(text).toContain(receipt.lines[0]!.description);
    expect(text).toContain('Emitido');
    expect(text).toContain('Integridade');
    expectReadable(text, [receipt.total, ...receipt.lines.map((l) => l.amount)]);
    expect(await doc.locator('details[data-integrity]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await staff.locator('associa-resource-form').count()).toBe(0);
    await h.screenshot(staff, 'document-receipt', { fullPage: true });
    expect(staff.problems).toEqual([]);
  });

  it('shows the payment: member linked, method in words, the debts it paid in euros, the receipt linked', async () => {
    const staff = await h.loginAs('admin');
    const payment = receipt.payments[0]!;
    await staff.goto(`/pagamentos/${payment._id}`);
    const detail = staff.locator('associa-payment-detail');
    await detail.locator(`[data-receipt-link]`).waitFor();
    await detail.locator('[data-member-link]').waitFor();
    await detail.locator('tbody tr').first().waitFor();
    const text = await seen(staff);
    expect(text).toContain(receipt.payer.name);
    expect(text).toContain(`Recibo ${receipt.number}`);
    expect(text).not.toContain(payment.method);
    const allocations = await api<{ amount: number }[]>('GET', `payments/${payment._id}/payment_allocations?_limit=-1`);
    expectReadable(text, [payment.amount, ...allocations.map((a) => a.amount)]);
    await h.screenshot(staff, 'document-payment', { fullPage: true });
    await detail.locator('[data-member-link]').click();
    await staff.waitForURL(new RegExp(`/${receipt.payer.member}$`));
    expect(staff.problems).toEqual([]);
  });

  it('says "Anulado" with its note linked right after annulling, without a reload', async () => {
    const staff = await h.loginAs('admin');
    await staff.goto(`/tesoouraria/${receipt._id}`);
    const doc = staff.locator('associa-treasury-doc');
    await doc.locator('[data-fact="state"]').getByText('Emitido').waitFor();
    await doc.getByRole('button', { name: 'Anular documento' }).click();
    const dialog = doc.getByRole('dialog');
    await dialog.getByLabel('Motivo').fill('Emitido por engano (teste)');
    await dialog.getByRole('button', { name: 'Anular documento' }).click();
    await doc.locator('[data-annulled="true"]').waitFor();
    const state = doc.locator('[data-fact="state"]');
    expect(await state.innerText()).toMatch(/Anulado em \d{2}\/\d{2}\/\d{4} pela nota/);
    expect(await state.innerText()).not.toContain('Emitido');
    await h.screenshot(staff, 'document-receipt-annulled', { fullPage: true });
    await state.getByRole('link').click();
    await doc.locator('[data-fact="annuls"]').getByText(receipt.number).waitFor();
    expect(await seen(staff)).toContain('Nota de anulação');
    expect(staff.problems).toEqual([]);
  });
});
