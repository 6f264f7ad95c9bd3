import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

// Quotas › Extrato bancário against the real server and Chromium: staff upload a bank statement,
// review it (one line matched by the member's number and amount, one by a Multibanco reference,
// one nobody's), reject the reference line, give the unknown one to its member by hand, confirm
// the two matches and follow the two receipts; the same statement again is recognised and
// records nothing.

let h: Harness;
let active = 0;
const stamp = Date.now().toString(36);
const year = new Date().getFullYear();
const EURO = (text: string) => text.replace(/\s/g, ' ');

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
const ptDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function memberWithDebt(name: string, amount: number): Promise<{ id: number; number: number; name: string; debt: number }> {
  const member = await api<{ _id: number; number: number }>('POST', 'members', { name, state: active, dues_exempt: true });
  const debt = await api<{ _id: number }>('POST', 'unsettled_payments/raise', { member: member._id, kind: 'quota', year, amount, due_date: yesterday(), description: `Quota ${year}` });
  return { id: member._id, number: member.number, name, debt: debt._id };
}

beforeAll(async () => {
  h = await startHarness();
  await h.server.setSettings({ hasTreasury: 'true', treasuryAutoIssue: 'true' });
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  active = states.find((state) => !state.marksEnd)!._id;
});
afterAll(async () => {
  await h?.close();
});

describe('bank-statement reconciliation (/quotas/extratoBancario)', () => {
  it('uploads a statement, reviews and changes the matches, confirms two and follows their receipts; the same statement again records nothing', async () => {
    const ana = await memberWithDebt(`Ana Extrato ${stamp}`, 1850);
    const bea = await memberWithDebt(`Beatriz Extrato ${stamp}`, 2200);
    const caio = await memberWithDebt(`Caio Extrato ${stamp}`, 1500);
    const request = await api<{ reference: string }>('POST', 'payment_requests', { member: caio.id, debts: [caio.debt], method: 'multibanco' });
    const day = today();
    const csv = [
      'Conta;PT50 0002 0123 1234 5678 9015 4',
      '',
      'Data;Descrição;Valor;Referência',
      `${ptDay(day)};TRF SOCIO ${ana.number} QUOTA;18,50;`,
      `${ptDay(day)};TRF DE B. EXTRATO;22,00;`,
      `${ptDay(day)};PAG MULTIBANCO;15,00;${request.reference}`,
      `${ptDay(day)};COMISSAO MANUTENCAO;-1,25;`,
    ].join('\n');

    const page = await h.loginAs('editor');
    await page.goto('/quotas');
    await page.getByRole('button', { name: /^Quotas/ }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Extrato bancário' }).click();
    await shownRoute(page, 'reconciliation');
    await page.getByLabel('Ficheiro do extrato (CSV)').setInputFiles({ name: `extrato-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });

    const lines = page.locator('[data-review-lines] tbody tr[data-line]');
    await expect.poll(() => lines.count()).toBe(4);
    const row = (n: number) => page.locator(`[data-review-lines] tr[data-line="${n}"]`);
    expect(EURO(await page.locator('[data-summary]').innerText())).toBe('Extrato bancário. 4 movimentos: 2 a registar (33,50 €), 2 sem registo.');
    expect(EURO(await row(4).innerText())).toContain(`N.º ${ana.number} — ${ana.name}`);
    expect(EURO(await row(4).innerText())).toContain(`Quota ${year} (${ptDay(yesterday())}): 18,50 €`);
    expect(await row(4).locator('[data-state]').innerText()).toBe('Sócio e valor');
    expect(EURO(await row(5).innerText())).toContain('A descrição não refere nenhum número de sócio nem NIF conhecido.');
    expect(await row(5).locator('[data-state]').innerText()).toBe('Sem correspondência');
    expect(EURO(await row(6).innerText())).toContain(`N.º ${caio.number} — ${caio.name}`);
    expect(await row(6).locator('[data-state]').innerText()).toBe('Referência Multibanco');
    expect(EURO(await row(7).innerText())).toContain('-1,25 €');
    expect(await row(7).locator('[data-state]').innerText()).toBe('Não é recebimento');
    expect(await row(4).locator('td').nth(1).innerText()).toBe(ptDay(day));

    // The reference line is not for this import; the unknown one is Beatriz's.
    await row(6).getByRole('button', { name: 'Rejeitar (linha 6)' }).click();
    await expect.poll(() => row(6).locator('[data-state]').innerText()).toBe('Rejeitado');
    await row(5).getByRole('button', { name: 'Escolher sócio (linha 5)' }).click();
    const editor = page.locator('[data-match-editor="5"]');
    await editor.getByRole('searchbox').fill(bea.name);
    await editor.getByRole('button', { name: `N.º ${bea.number} — ${bea.name}` }).click();
    await expect.poll(() => editor.getByRole('checkbox').isChecked()).toBe(true);
    expect(EURO(await editor.locator('[data-chosen-total]').innerText())).toBe('Dívidas escolhidas: 22,00 €, o valor do movimento.');
    // The review with a line being changed passes axe (WCAG 2.1 AA), like every route's first view.
    expect(await axeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Aplicar' }).click();
    await expect.poll(() => row(5).locator('[data-state]').innerText()).toBe('Escolhido à mão');
    expect(EURO(await row(5).innerText())).toContain(`N.º ${bea.number} — ${bea.name}`);
    expect(EURO(await page.locator('[data-summary]').innerText())).toBe('Extrato bancário. 4 movimentos: 2 a registar (40,50 €), 2 sem registo.');
    await h.screenshot(page, 'reconciliation-review', { fullPage: true });

    await page.getByRole('button', { name: 'Confirmar e registar 2 pagamentos' }).click();
    const created = page.locator('[data-created] tbody tr');
    // Confirming records the payments and issues their receipts: over a second on a busy machine (poll's default).
    await expect.poll(() => created.count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('status').filter({ hasText: 'Importação concluída: 2 pagamentos registados (40,50 €).' }).waitFor();
    const receipts = page.locator('[data-created] [data-receipt] a');
    expect(await receipts.count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await h.screenshot(page, 'reconciliation-done', { fullPage: true });

    // The ledger agrees: Ana and Beatriz paid, Caio's request still pending, two receipts issued.
    const paid = await api<{ status: string }[]>('GET', `unsettled_payments?_member=${ana.id}`);
    expect(paid.map((d) => d.status)).toEqual(['paid']);
    expect((await api<{ status: string }[]>('GET', `unsettled_payments?_member=${bea.id}`)).map((d) => d.status)).toEqual(['paid']);
    expect((await api<{ status: string }[]>('GET', `unsettled_payments?_member=${caio.id}`)).map((d) => d.status)).toEqual(['open']);
    const numbers = await receipts.allInnerTexts();
    const docs = new Map<string, number>();
    for (const member of [ana, bea]) {
      const [doc, ...others] = await api<{ _id: number; number: string; total: number }[]>('GET', `treasury_docs?_member=${member.id}`);
      expect([others.length, doc!.total]).toEqual([0, member === ana ? 1850 : 2200]);
      docs.set(doc!.number, doc!._id);
    }
    expect([...numbers].sort()).toEqual([...docs.keys()].sort());

    // A receipt link opens that receipt.
    await receipts.first().click();
    await page.waitForURL(`**/tesoouraria/${docs.get(numbers[0]!)}`);
    await shownRoute(page, 'treasuryDocsEdit');
    await page.getByRole('button', { name: 'Descarregar o PDF' }).waitFor();

    // The same statement again: recognised, nothing to confirm.
    await page.goto('/quotas/extratoBancario');
    await shownRoute(page, 'reconciliation');
    await page.getByLabel('Ficheiro do extrato (CSV)').setInputFiles({ name: `extrato-${stamp}-copia.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('status').filter({ hasText: 'Este extrato já foi importado em' }).waitFor();
    expect(await row(4).locator('[data-state]').innerText()).toBe('Já importado');
    expect(await row(5).locator('[data-state]').innerText()).toBe('Já importado');
    expect(await row(6).locator('[data-state]').innerText()).toBe('Rejeitado antes');
    expect(await page.getByRole('button', { name: 'Extrato já importado' }).isDisabled()).toBe(true);
    expect((await api<unknown[]>('GET', `payments?_member=${ana.id}`)).length).toBe(1);
    expect(page.problems).toEqual([]);
  });
});
