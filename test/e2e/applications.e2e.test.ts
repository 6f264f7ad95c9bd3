import type { Locator } from 'playwright-core';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo, type DemoSite } from './support/demo-site.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { startSmtp, type LocalSmtp } from './support/smtp.js';

// Membership applications end to end (issue 13): a visitor applies with a photo through
// <associa-application-form> on the demo association website; the confirmation message
// reaches a real local SMTP server and its link confirms the address; a staff browser's
// applications badge goes up live; staff accept; the new member, their debts, their card
// (whose QR address verifies) and the welcome message exist; the badge goes back.

let h: Harness;
let smtp: LocalSmtp;
let site: DemoSite;
const stamp = Date.now().toString(36);
const EMAIL = `candidata.${stamp}@example.org`;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

/** The text of every message delivered to `to` so far, oldest first. */
async function messagesTo(to: string): Promise<string[]> {
  const mine = smtp.delivered.filter((m) => m.to.includes(to));
  return Promise.all(mine.map(async (m) => ((await PostalMime.parse(m.raw)).text ?? '').replace(/=\r?\n/g, '')));
}

/** The number on the applications menu entry, 0 when it shows none. */
async function badge(menu: Locator): Promise<number> {
  const text = (await menu.innerText()).replace(/\D+/g, ' ').trim();
  return text ? Number(text.split(' ').pop()) : 0;
}

/** Waits for `locator`; when it never shows, fails with what `within` shows and the page's errors instead. */
async function shown(locator: Locator, within: Locator, page: E2ePage): Promise<void> {
  try {
    await locator.waitFor({ timeout: 20_000 });
  } catch (e) {
    throw new Error(`${String(e)}\n${await within.evaluate((el) => el.shadowRoot?.textContent ?? el.textContent)}\n${[...page.problems, ...page.failedResponses].join('\n')}`);
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  h = await startHarness({ smtpUrl: smtp.url });
  site = await serveDemo(h.baseUrl);
  await h.server.setSettings({ SendMessages: 'true', hasMemberApplication: 'true' });
}, 120_000);

afterAll(async () => {
  await site?.close();
  await h?.close();
  await smtp?.close();
});

describe('membership applications, end to end', () => {
  it('a visitor applies with a photo on the demo website, confirms by e-mail, and staff accept live', async () => {
    const staff = await h.loginAs('editor');
    await staff.goto('/candidaturas');
    const menu = staff.locator('[data-menu="applications"]');
    await menu.waitFor();
    // The demo data may hold applications waiting already: the badge shows the server's count.
    const before = (await api<{ count: number }>('GET', 'member_applications/pending_count')).count;
    await expect.poll(() => badge(menu), { timeout: 15_000 }).toBe(before);

    // The visitor, on the association's own website.
    const visitor = await h.newPage();
    await visitor.goto(`${site.url}#inscricao`);
    const form = visitor.locator('associa-application-form');
    await shown(form.getByRole('button', { name: 'Enviar candidatura' }), form, visitor);
    // The applicant's own fields, not the guardian's ("Nome do encarregado de educação"...):
    // anchored, the required mark (' *') may follow the label's words.
    await form.getByLabel(/^Nome( \*)?$/).fill(`Leonor Candidata ${stamp}`);
    await form.getByLabel(/^E-mail( \*)?$/).fill(EMAIL);
    const optional: [string, string][] = [
      ['NIF', '123456789'],
      ['Data de nascimento', '1991-05-20'],
      ['Telefone', '912 345 678'],
      ['Morada', 'Rua do Vale, 12'],
      ['Código postal', '4580-100'],
      ['Localidade', 'Vale de Sousa'],
    ];
    for (const [label, value] of optional) {
      // Anchored: the required mark (' *') may follow the label's words.
      const field = form.getByLabel(new RegExp(`^${label}( \\*)?$`));
      if ((await field.count()) > 0) await field.fill(value);
    }
    const category = form.getByLabel('Categoria de quota pretendida');
    if ((await category.count()) > 0) await category.selectOption({ index: 1 });
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 120, b: 90 } } }).jpeg().toBuffer();
    await form.getByLabel(/^Fotografia( \*)?$/).setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByLabel('Li e aceito o texto acima.').check();
    // A person takes more than the form's minimum fill time: the server's clock says so.
    h.server.advance(5_000);
    await form.getByRole('button', { name: 'Enviar candidatura' }).click();
    await shown(form.getByText(`Recebemos a sua candidatura. Enviámos uma mensagem para ${EMAIL} para confirmar o endereço de e-mail.`), form, visitor);
    await h.screenshot(visitor, 'application-sent', { fullPage: true });
    expect(visitor.problems).toEqual([]);
    expect(visitor.failedResponses).toEqual([]);

    // The confirmation message, from the real SMTP server; its link opens the public page.
    await expect.poll(async () => (await messagesTo(EMAIL)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [confirmation] = await messagesTo(EMAIL);
    const link = /https?:\/\/\S+\/inscricao\/confirmacao\/[A-Za-z0-9_-]+/.exec(confirmation!)?.[0];
    expect(link).toBeDefined();
    const confirming = await h.newPage();
    await confirming.goto(new URL(new URL(link!).pathname, h.baseUrl).href);
    await confirming.locator('associa-application-confirmation').getByText('Endereço de e-mail confirmado').waitFor({ timeout: 15_000 });
    expect(confirming.problems).toEqual([]);

    // The staff browser's badge goes up by one without a reload.
    await expect.poll(() => badge(menu), { timeout: 15_000 }).toBe(before + 1);

    // Staff open the application, see the photo, add a document handed in on paper, and accept it.
    const [application] = await api<{ _id: number }[]>('GET', `member_applications?_email=${encodeURIComponent(EMAIL)}`);
    await staff.goto(`/candidaturas/${application!._id}`);
    await staff.locator('[data-photo] img').waitFor({ timeout: 15_000 });
    const documents = staff.locator('[data-documents]');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    await documents.getByLabel('Escolher documentos PDF').setInputFiles({ name: 'declaracao.pdf', mimeType: 'application/pdf', buffer: pdf });
    await documents.getByRole('button', { name: 'declaracao.pdf', exact: true }).waitFor({ timeout: 15_000 });
    await h.screenshot(staff, 'application-review', { fullPage: true });
    await staff.locator('[data-decision]').getByRole('button', { name: 'Aceitar' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Aceitar' }).click();
    const newMember = staff.locator('[data-new-member]');
    await newMember.waitFor({ timeout: 20_000 });
    await h.screenshot(staff, 'application-accepted', { fullPage: true });
    const memberId = Number(/\/(\d+)$/.exec((await newMember.getAttribute('href'))!)?.[1]);

    // The member, their first debts, their card (whose QR address verifies) and the welcome message.
    const member = await api<{ name: string; email: string; number: number }>('GET', `members/${memberId}`);
    expect(member).toMatchObject({ name: `Leonor Candidata ${stamp}`, email: EMAIL });
    // The application's photo and documents are the member's now.
    expect(await api<unknown[]>('GET', `members/${memberId}/member_photos`)).toHaveLength(1);
    expect((await api<{ originalName: string }[]>('GET', `members/${memberId}/pdf_documents`)).map((d) => d.originalName)).toEqual(['declaracao.pdf']);
    const debts = await api<unknown[]>('GET', `members/${memberId}/unsettled_payments?_limit=-1`);
    expect(debts.length).toBeGreaterThan(0);
    const [card] = await api<{ code: string }[]>('GET', `membership_cards?_member=${memberId}`);
    expect(card).toBeDefined();
    const check = await h.newPage();
    await check.goto(`/v/${card!.code}`);
    await expect.poll(() => check.locator('associa-card-verifier [data-name]').textContent(), { timeout: 15_000 }).toContain('Leonor');
    await expect.poll(async () => (await messagesTo(EMAIL)).length, { timeout: 20_000 }).toBeGreaterThan(1);
    const welcome = (await messagesTo(EMAIL)).at(-1)!;
    expect(welcome).toMatch(/informacaoDePagamento\/\S+/);

    // Decided: no longer pending, and the badge says so live.
    await expect.poll(() => badge(menu), { timeout: 15_000 }).toBe(before);
    expect(staff.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
  });
});
