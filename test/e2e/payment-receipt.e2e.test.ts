import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { pdfText } from './support/pdf-text.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';

// A payment and its receipt, both ways (issue 28, item 6), as staff in Chromium against the real
// server: record a payment, see its receipt in the message, on its page and on the statement,
// follow the receipt's link and download its PDF; annul the payment with its receipt in one
// dialog; the treasury list shows the receipt annulled and its note; the member owes the debt
// again and the statement lists the annulment after the payment. Then the other way: annul a
// receipt, told that its payment stands, together with the payment.

let h: Harness;
let member: { _id: number; number: number; name: string };
const NAME = 'Rosália Quaresma Recibo';
const year = new Date().getFullYear() - 1;
const EURO = (text: string) => text.replace(/\s/g, ' ');
const ptDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

async function pdfOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return pdfText(Buffer.concat(chunks)).join('\n');
}

/** Records a payment of the member's quota of `year` on the new payment page; answers the payment's id. */
async function recordInBrowser(staff: E2ePage, quota: number): Promise<number> {
  await staff.goto('/quotas/pagamentos/novo');
  await staff.getByRole('searchbox', { name: 'Escolha o sócio' }).fill(NAME);
  await staff.getByRole('button', { name: `N.º ${member.number} — ${NAME}` }).click();
  const debts = staff.locator('associa-payment-debts');
  await debts.getByRole('checkbox', { name: `Selecionar Quota ${quota}` }).check();
  await debts.getByRole('button', { name: 'Registar pagamento' }).click();
  await debts.getByLabel('Meio de pagamento').selectOption('transferencia');
  await debts.getByRole('button', { name: 'Registar', exact: true }).click();
  await staff.waitForURL(/\/pagamentos\/\d+$/);
  return Number(new URL(staff.url()).pathname.split('/').pop());
}

beforeAll(async () => {
  h = await startHarness();
  await h.server.setSettings({ hasTreasury: 'true' });
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  member = await api('POST', 'members', { name: NAME, state: states.find((s) => !s.marksEnd)!._id, dues_exempt: true });
  for (const quota of [year - 1, year]) {
    await api('POST', 'unsettled_payments/raise', { member: member._id, kind: 'quota', year: quota, amount: 3150, due_date: `${quota}-03-31`, description: `Quota ${quota}` });
  }
});
afterAll(async () => {
  await h?.close();
});

describe('payment and receipt, both ways', () => {
  it('records a payment and follows its receipt; annuls both in one dialog; the list shows both annulled and the debt is owed again', async () => {
    const staff = await h.loginAs('admin');
    const paymentId = await recordInBrowser(staff, year);
    const payment = await api<{ date: string }>('GET', `payments/${paymentId}`);

    // The message after Registar names the receipt; the payment's page shows it with its PDF.
    const notice = staff.locator('[data-recorded-notice]');
    await notice.waitFor();
    const number = /recibo (R \d{4}\/\d+)/.exec(await notice.innerText())![1]!;
    expect(EURO(await notice.innerText())).toBe(`Pagamento de 31,50 € registado. Foi emitido o recibo ${number}.`);
    const part = staff.locator('[data-payment-receipt]');
    await part.getByRole('link', { name: `Recibo ${number}` }).waitFor();
    const [download] = await Promise.all([staff.waitForEvent('download'), part.getByRole('button', { name: `Descarregar recibo ${number}` }).click()]);
    const text = await pdfOf(download);
    expect(text).toContain(`Recibo de quota n.º ${number}`);
    expect(text).toContain(NAME);
    await h.screenshot(staff, 'payment-receipt-recorded', { fullPage: true });

    // The receipt's page, and back to its payment.
    await part.getByRole('link', { name: `Recibo ${number}` }).click();
    await staff.waitForURL(/\/tesoouraria\/\d+$/);
    const receiptId = Number(new URL(staff.url()).pathname.split('/').pop());
    const paid = staff.locator(`[data-doc-payment="${paymentId}"]`);
    // The method follows in brackets: "… de 28/11/2026 (Numerário)."
    expect(EURO(await paid.innerText())).toMatch(new RegExp(`Documenta o pagamento de 31,50 € de ${ptDay(payment.date)} \\([^)]+\\)\\.`));
    await paid.getByRole('link', { name: 'Ver o pagamento' }).click();
    await staff.waitForURL(`**/pagamentos/${paymentId}`);

    // One dialog annuls the payment and, ticked by default, its receipt.
    await staff.getByRole('button', { name: 'Anular pagamento' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Anular este pagamento?' });
    const withReceipt = dialog.getByRole('checkbox', { name: `Anular também o recibo ${number}, pela mesma razão (é emitida uma nota de anulação)` });
    expect(await withReceipt.isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Transferência devolvida pelo banco');
    await dialog.getByRole('button', { name: 'Anular pagamento' }).click();
    // The payment's page says it no longer stands, when, and why.
    await staff.getByText(/^Anulado em \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await staff.getByText('Transferência devolvida pelo banco', { exact: true }).first().waitFor();
    const receipt = await api<{ annulled_by_doc: number | null }>('GET', `treasury_docs/${receiptId}`);
    expect(receipt.annulled_by_doc).toEqual(expect.any(Number));
    const note = await api<{ number: string; type: string; annul_reason: string }>('GET', `treasury_docs/${receipt.annulled_by_doc}`);
    expect(note).toMatchObject({ type: 'annulment', annul_reason: 'Transferência devolvida pelo banco' });
    await expect.poll(async () => EURO(await part.innerText())).toContain(`(anulado pela nota ${note.number})`);

    // The treasury list: the receipt annulled by its note, and the note itself.
    await staff.goto('/tesouraria');
    const list = staff.locator('associa-resource-list');
    await list.getByRole('searchbox').fill(NAME);
    await expect.poll(() => list.locator('tbody tr').count()).toBe(2);
    const rows = (await list.locator('tbody tr').allInnerTexts()).map(EURO);
    expect(rows.find((row) => row.includes(number))).toContain(note.number);
    expect(rows.find((row) => !row.includes(number))).toMatch(new RegExp(`${note.number}[\\s\\S]*Nota de anulação`));
    await h.screenshot(staff, 'payment-receipt-treasury-list', { fullPage: true });

    // The member owes the debt again; the statement lists the annulment after the payment.
    const balance = await api<{ open_total: number }>('GET', `member_balances/${member._id}`);
    expect(balance.open_total).toBe(6300);
    await staff.goto(`/quotas/dividas/${member._id}`);
    const statement = staff.locator('[data-statement]');
    await expect.poll(async () => EURO(await statement.locator('[data-open-total]').innerText())).toBe('63,00 €');
    const kinds = await statement.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds).toEqual(['debt', 'debt', 'payment', 'annulment']);
    const balances = (await statement.locator('tbody tr td:last-child').allInnerTexts()).map(EURO);
    expect(balances).toEqual(['31,50 €', '63,00 €', '31,50 €', '63,00 €']);
    const annulment = statement.locator('tbody tr[data-kind="annulment"]');
    expect(EURO(await annulment.innerText())).toContain(`Anulação do pagamento de ${ptDay(payment.date)} (Transferência devolvida pelo banco)`);
    const line = statement.locator('tbody tr[data-kind="payment"]');
    expect(EURO(await line.innerText())).toContain(`Recibo ${number} (anulado pela nota ${note.number})`);
    await line.getByRole('button', { name: `Descarregar recibo ${number}` }).waitFor();
    await h.screenshot(staff, 'payment-receipt-statement-annulled', { fullPage: true });

    expect(staff.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
  });

  it('annuls a receipt whose payment stands: the dialog says so and annuls the payment too when asked', async () => {
    const staff = await h.loginAs('admin');
    const paymentId = await recordInBrowser(staff, year - 1);
    const payment = await api<{ date: string }>('GET', `payments/${paymentId}`);
    const part = staff.locator('[data-payment-receipt]');
    const link = part.locator('[data-receipt-link]');
    await link.waitFor();
    const number = (await link.innerText()).replace('Recibo ', '');
    // From the statement's line this time.
    await staff.goto(`/quotas/dividas/${member._id}`);
    await staff.locator('[data-statement]').getByRole('link', { name: `Recibo ${number}`, exact: true }).click();
    await staff.waitForURL(/\/tesoouraria\/\d+$/);

    await staff.getByRole('button', { name: 'Anular documento' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Anular este documento?' });
    expect(EURO(await dialog.innerText())).toContain(`O pagamento de 31,50 € de ${ptDay(payment.date)} que este recibo documenta continua válido.`);
    const withPayment = dialog.getByRole('checkbox', { name: 'Anular também o pagamento, pela mesma razão (as dívidas que pagou voltam a ficar em dívida)' });
    expect(await withPayment.isChecked()).toBe(false);
    await withPayment.check();
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Pago em duplicado');
    await h.screenshot(staff, 'payment-receipt-annul-receipt-dialog');
    await dialog.getByRole('button', { name: 'Anular documento' }).click();
    await staff.getByText('Documento anulado.').waitFor();
    await expect.poll(async () => EURO(await staff.locator(`[data-doc-payment="${paymentId}"]`).innerText())).toContain('Esse pagamento foi anulado.');
    expect(await api<{ annul_reason: string | null }>('GET', `payments/${paymentId}`)).toMatchObject({ annul_reason: 'Pago em duplicado' });
    expect((await api<{ open_total: number }>('GET', `member_balances/${member._id}`)).open_total).toBe(6300);
    expect(staff.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
  });
});
