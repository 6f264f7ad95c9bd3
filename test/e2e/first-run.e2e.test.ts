import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { lisbonYear } from '../../src/core/days.js';
import { startHarness, type Harness } from './support/harness.js';
import { pdfText } from './support/pdf-text.js';
import { shownRoute } from './support/routes.js';
import { startSmtp, type LocalSmtp } from './support/smtp.js';

// A real association's first start (ASSOCIA_MODE=production, decision 0049): the staff home leads
// the administrator through the checklist (identity with a logo, this year's fees, e-mail with a
// test message caught by a local SMTP server, the transfer IBAN), the empty member list says what
// to do next, the members come in from the association's spreadsheet through the import page, and
// the receipt of a payment and the member's card letter then carry the name, NIF, address and logo
// just entered.

let h: Harness;
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  h = await startHarness({ production: true, smtpUrl: smtp.url });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const NAME = 'Associação Recreativa do Alto';
const NIF = '501234567';
const ADDRESS = 'Rua da Estação, 12, 3000-100 Coimbra';
const IBAN = 'PT50 0002 0123 1234 5678 9015 4';

const checklist = (page: Page) => page.locator('associa-setup-checklist');
const step = (page: Page, key: string) => checklist(page).locator(`[data-step="${key}"]`);
const stateOf = (page: Page, key: string) => step(page, key).getAttribute('data-state');

/** Opens a step's disclosure (the one to do next is open already). */
async function open(page: Page, key: string) {
  const details = step(page, key).locator('details');
  if ((await details.getAttribute('open')) === null) await step(page, key).locator('summary').click();
}

/** Saves the settings form placed inside a step, and waits for the form to say so. */
async function saveSettings(scope: Locator) {
  const form = scope.locator('associa-settings-form');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await form.getByText('Configurações guardadas.').waitFor();
}

const resourceForm = (page: Page) => page.locator('associa-resource-form');
async function fill(page: Page, name: string, value: string) {
  const control = resourceForm(page).locator(`[name="${name}"]`);
  await control.waitFor();
  await control.fill(value);
}
async function choose(page: Page, name: string, option: string) {
  const control = resourceForm(page).locator(`[name="${name}"]`);
  await control.locator('option', { hasText: option }).waitFor({ state: 'attached' });
  await control.selectOption({ label: option });
}
async function saveRecord(page: Page, editPattern: RegExp): Promise<number> {
  await resourceForm(page).getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL(editPattern);
  return Number(editPattern.exec(decodeURIComponent(new URL(page.url()).pathname))![1]);
}

/** A PDF the API answers, as the admin. */
async function pdf(path: string): Promise<Buffer> {
  const { access } = await h.server.tokensFor('admin');
  const response = await fetch(`${h.baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${access}` } });
  expect(response.status, path).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('first run of a real association', () => {
  it('leads the admin through the checklist, and the documents then carry what was entered', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/inicio');
    await shownRoute(page, 'staffHome');
    await checklist(page).locator('[data-setup-checklist="open"]').waitFor();
    expect(await stateOf(page, 'identity')).toBe('open');

    // Identity: the settings themselves, in the step, and the logo.
    const identity = step(page, 'identity');
    const settings = identity.locator('associa-settings-form');
    await settings.getByLabel('Nome da organização', { exact: true }).fill(NAME);
    await settings.getByLabel('NIF da organização', { exact: true }).fill(NIF);
    await settings.getByLabel('Morada da organização', { exact: true }).fill(ADDRESS);
    await saveSettings(identity);
    const logo = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#2a6f3e' } }).png().toBuffer();
    await identity.locator('[data-logo-file]').setInputFiles({ name: 'logotipo.png', mimeType: 'image/png', buffer: logo });
    await identity.getByRole('button', { name: 'Enviar logótipo' }).click();
    await identity.locator('[data-logo-status="ok"]').waitFor();
    await identity.locator('[data-logo-preview]').waitFor();
    await expect.poll(() => stateOf(page, 'identity')).toBe('done');

    // Fees: the step's link to the fee settings, a category and this year's amount in the generic forms.
    await open(page, 'fees');
    await step(page, 'fees').getByRole('link', { name: 'Definir categorias e valores' }).click();
    await shownRoute(page, 'feeSettings');
    await page.goto('/configuracaoQuotas/categorias/novo');
    await fill(page, 'name', 'Efetivo');
    await saveRecord(page, /\/configuracaoQuotas\/categorias\/(\d+)$/);
    const year = String(lisbonYear(Date.now()));
    await page.goto('/configuracaoQuotas/tabelas/novo');
    await fill(page, 'year', year);
    await choose(page, 'category', 'Efetivo');
    await fill(page, 'amount', '24,00');
    await choose(page, 'periodicity', 'Anual');
    await fill(page, 'due_day', '31');
    await saveRecord(page, /\/configuracaoQuotas\/tabelas\/(\d+)$/);

    // E-mail: the admin's account has no e-mail yet, and the test says so; given one (as on
    // their user page), the message goes out through the local SMTP server.
    await page.goto('/inicio');
    await expect.poll(() => stateOf(page, 'fees')).toBe('done');
    await open(page, 'mail');
    const mail = step(page, 'mail');
    // The server's SMTP address, as the read-only setting it writes at start.
    await mail.locator('associa-settings-form').getByText(smtp.url.replace('smtp://', ''), { exact: true }).waitFor();
    await mail.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    await mail.locator('[data-test-result="failed"]').filter({ hasText: 'A sua conta não tem e-mail' }).waitFor();
    const users = await h.api<{ _id: number; role: string }[]>('GET', 'users?_limit=-1');
    await h.api('PATCH', `users/${users.find((user) => user.role === 'admin')!._id}`, { email: 'presidente@alto.pt' });
    await page.reload();
    await open(page, 'mail');
    await step(page, 'mail').getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    await step(page, 'mail').locator('[data-test-result="ok"]').filter({ hasText: 'presidente@alto.pt' }).waitFor();
    const caught = smtp.delivered.find((message) => message.to.includes('presidente@alto.pt'));
    expect((await PostalMime.parse(caught!.raw)).subject).toBe(`Mensagem de teste do Associa (${NAME})`);
    await expect.poll(() => stateOf(page, 'mail')).toBe('done');

    // How members pay: the transfer IBAN, in the step's own settings form.
    await open(page, 'payments');
    const payments = step(page, 'payments');
    await payments.locator('associa-settings-form').getByLabel('IBAN da associação', { exact: true }).fill(IBAN);
    await saveSettings(payments);
    await expect.poll(() => stateOf(page, 'payments')).toBe('done');

    // Backups: looked at, marked done.
    await open(page, 'backups');
    await step(page, 'backups').getByRole('button', { name: 'Marcar como feito' }).click();
    await expect.poll(() => stateOf(page, 'backups')).toBe('done');

    // Members: the empty list says what to do next; they come in from the association's spreadsheet
    // (Windows-1252, ';', dd/mm/aaaa), as the server suggests their columns. Rows naming a category
    // or a tag this association has not created are left out with their reason, none created.
    await page.goto('/socios');
    await shownRoute(page, 'membersList');
    const empty = page.locator('associa-resource-list [data-empty-actions]');
    await empty.waitFor();
    expect(await page.locator('associa-resource-list').getByText('Ainda não há sócios.', { exact: false }).count()).toBe(1);
    expect(await empty.getByRole('link', { name: 'Novo sócio' }).count()).toBe(1);
    await empty.getByRole('link', { name: 'Importar sócios' }).click();
    await shownRoute(page, 'membersImport');
    const importer = page.locator('associa-import');
    await importer.getByLabel('Ficheiro (CSV ou Excel)').setInputFiles({ name: 'socios-excel.csv', mimeType: 'text/csv', buffer: fs.readFileSync(path.resolve('test/fixtures/imports/socios-excel.csv')) });
    await importer.getByRole('heading', { name: 'Colunas de «socios-excel.csv»' }).waitFor();
    await importer.getByRole('button', { name: 'Verificar' }).click();
    await importer.getByRole('heading', { name: 'Resultado da verificação' }).waitFor();
    await importer.getByRole('button', { name: /^Importar \d+ linhas$/ }).click();
    await importer.getByRole('heading', { name: 'Importação concluída.' }).waitFor({ timeout: 30_000 });
    const joao = await h.api<{ _id: number; name: string }[]>('GET', `members?_search=${encodeURIComponent('João Conceição Pereira')}`);
    expect(joao.map((m) => m.name)).toEqual(['João Conceição Pereira']);
    const member = joao[0]!._id;

    // Every step handled: the staff home shows the checklist no more.
    await page.goto('/inicio');
    await page.locator('associa-staff-overview').waitFor();
    await expect.poll(() => checklist(page).locator('[data-setup-checklist]').count()).toBe(0);

    // A payment with its receipt, and the member's card with its letter.
    await h.server.setSettings({ hasTreasury: 'true', treasuryAutoIssue: 'true' });
    let debts = await h.api<{ _id: number; amount: number }[]>('GET', `unsettled_payments?_member=${member}`);
    if (debts.length === 0) {
      await h.api('POST', 'unsettled_payments/raise', { member, kind: 'quota', year: Number(year), amount: 2400, due_date: `${year}-12-31`, description: `Quota ${year}` });
      debts = await h.api('GET', `unsettled_payments?_member=${member}`);
    }
    const today = new Date().toISOString().slice(0, 10);
    const recorded = await h.api<{ receipt: { _id: number } | null }>('POST', 'payments/record', { member, date: today, amount: debts[0]!.amount, method: 'transferencia', debts: [debts[0]!._id] });
    const receipt = await pdf(`treasury_docs/${recorded.receipt!._id}/pdf`);
    const card = await h.api<{ _id: number }>('POST', 'membership_cards/issue', { member });
    const letter = await pdf(`membership_card_letters/${card._id}`);
    for (const document of [receipt, letter]) {
      expect(pdfText(document)).toEqual(expect.arrayContaining([NAME, `NIF ${NIF}`, ADDRESS]));
      // The name is one line beside the logo: it is read whole.
      // The logo is drawn as an image object on the letterhead.
      expect(document.toString('latin1')).toMatch(/\/Subtype \/Image/);
    }
    expect(page.problems).toEqual([]);
  });
});
