import type { Locator, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../src/server/modules/collecting/fake-ifthenpay.js';
import { HIDDEN_LINK } from '../../src/server/messages/message-secrets.js';
import { serveDemo, type DemoSite } from './support/demo-site.js';
import { startHarness, type Harness } from './support/harness.js';
import { startSmtp, type LocalSmtp } from './support/smtp.js';

// Collecting end to end (issue 11): staff notify a member with a stage whose text has
// {link_pagamento}; the server delivers the e-mail to a real local SMTP server, from which the
// test reads the link. The member opens it in Chromium without logging in, pays two of three
// debts by a Multibanco reference issued by the (fake) ifthenpay, which then calls the server's
// callback as ifthenpay does; the page turns to "Pago" by its own polling, and staff see those
// two debts paid in the back office. Then the same through <associa-payment-info> on the demo
// association website.

let h: Harness;
let fake: FakeIfthenpay;
let smtp: LocalSmtp | undefined;
let site: DemoSite;
const stamp = Date.now().toString(36);
const year = new Date().getFullYear();
const YEARS = [year - 2, year - 1, year];
const AMOUNTS = [2400, 2700, 3000];
const EURO = (text: string) => text.replace(/\s/g, ' ');

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

interface Notified {
  member: number;
  name: string;
  email: string;
  debts: number[];
  /** The payment link as the member received it by e-mail. */
  link: string;
  token: string;
}

/**
 * A member of a fee category of their own with three open quotas, notified through a stage
 * (inactive: the daily planner leaves it alone; notify-many uses it on demand) whose text has
 * {link_pagamento}; answers once the e-mail has reached the SMTP server.
 */
async function notifiedMember(name: string): Promise<Notified> {
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  const category = await api<{ _id: number }>('POST', 'fee_categories', { name: `Categoria ${name}` });
  const email = `${name.split(' ')[0]!.toLowerCase()}-${stamp}@exemplo.pt`;
  const member = await api<{ _id: number }>('POST', 'members', { name, email, state: states.find((s) => !s.marksEnd)!._id, fee_category: category._id, admission_date: new Date().toISOString().slice(0, 10) });
  const debts: number[] = [];
  for (const [i, y] of YEARS.entries()) {
    const debt = await api<{ _id: number }>('POST', 'unsettled_payments/raise', { member: member._id, kind: 'quota', year: y, amount: AMOUNTS[i], due_date: `${y}-01-31`, description: `Quota ${y}` });
    debts.push(debt._id);
  }
  const stage = await api<{ _id: number }>('POST', 'reminder_stages', {
    name: `Pagamento ${name}`,
    category: category._id,
    offset_days: 0,
    subject: 'Quotas em dívida: {associacao}',
    body: 'Olá {primeiro_nome},\n\nTem {total} em dívida:\n{dividas}\n\nPode pagar aqui: {link_pagamento}\n',
    active: false,
  });
  await api('POST', `reminder_stages/${stage._id}/notify`, { batch_key: `e2e-${stamp}-${member._id}`, category: category._id });

  await expect.poll(() => smtp!.delivered.filter((mail) => mail.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
  // As the member's mail program reads it: the text part, MIME decoded.
  const text = (await PostalMime.parse(smtp!.delivered.find((mail) => mail.to.includes(email))!.raw)).text ?? '';
  const match = /(https?:\/\/\S+\/informacaoDePagamento\/([A-Za-z0-9_-]{43}))/.exec(text);
  expect(match, text).not.toBeNull();
  // Staff reading the outbox see the message without the link: only the member got it.
  const messages = await api<{ recipient: string; body: string; status: string }[]>('GET', 'messages?_limit=-1');
  const outbox = messages.filter((message) => message.recipient === email);
  expect(outbox.map((message) => message.status)).toEqual(['sent']);
  expect(outbox[0]!.body).toContain(HIDDEN_LINK);
  expect(outbox[0]!.body).not.toContain(match![2]);
  return { member: member._id, name, email, debts, link: match![1]!, token: match![2]! };
}

/**
 * On a payment-information view (the host's page or the element on another site): leaves the
 * middle quota out, asks for a Multibanco reference, has the provider call back for it, and
 * waits for the view to say "Pago" by itself. Answers the payment request's id.
 */
async function payTwoOfThree(page: Page, view: Locator, firstName: string): Promise<number> {
  await view.getByRole('heading', { name: `Olá, ${firstName}` }).waitFor();
  const rows = view.locator('tbody tr');
  expect((await rows.allInnerTexts()).map(EURO)).toEqual([
    expect.stringContaining(`Quota ${YEARS[0]}`),
    expect.stringContaining(`Quota ${YEARS[1]}`),
    expect.stringContaining(`Quota ${YEARS[2]}`),
  ]);
  expect(EURO(await view.locator('[data-total]').innerText())).toBe('81,00 €');
  await view.getByRole('checkbox', { name: `Pagar Quota ${YEARS[1]}` }).uncheck();
  expect(EURO(await view.locator('[data-total]').innerText())).toBe('54,00 €');
  expect(await view.getByRole('radio', { name: 'Referência Multibanco' }).isChecked()).toBe(true);
  await view.getByRole('button', { name: 'Obter referência Multibanco' }).click();

  const request = view.locator('[data-request]');
  await request.waitFor();
  const field = (label: string) => request.locator(`dd[data-field="${label}"]`);
  expect(await field('Entidade').innerText()).toBe(FAKE_ENTITY);
  const reference = (await field('Referência').innerText()).replace(/\s/g, '');
  expect(reference).toMatch(/^\d{9}$/);
  expect(EURO(await field('Valor').innerText())).toBe('54,00 €');
  expect(await field('Estado').getAttribute('data-state')).toBe('pending');
  expect(await field('Estado').innerText()).toBe('Por pagar');

  // The member pays at an ATM; ifthenpay calls the server's callback for that reference.
  const issued = [...fake.requests.values()].filter((r) => r.reference === reference);
  expect(issued.map((r) => [r.entity, r.amount])).toEqual([[FAKE_ENTITY, 5400]]);
  // Marks this document: a reload would start a new one without the mark.
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
  expect(await fake.pay(issued[0]!.requestId)).toBe(200);

  // The page's own polling (every 3 s) brings the new state: no reload, no click.
  await expect.poll(() => field('Estado').getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
  expect(await field('Estado').innerText()).toBe('Pago');
  await view.getByText('Pago. Obrigado! O pagamento já foi registado.').waitFor();
  expect(await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(true);
  return Number(await request.getAttribute('data-request'));
}

/** The ledger as staff's API reads it: the two quotas chosen paid by the request's one payment, the middle one open. */
async function expectSettled(who: Notified, requestId: number): Promise<number> {
  const request = await api<{ state: string; payment: number; amount: number; debts: number[] }>('GET', `payment_requests/${requestId}`);
  expect({ state: request.state, amount: request.amount, debts: [...request.debts].sort((a, b) => a - b) }).toEqual({ state: 'paid', amount: 5400, debts: [who.debts[0], who.debts[2]] });
  const debts = await api<{ _id: number; status: string; open_amount: number }[]>('GET', `members/${who.member}/unsettled_payments?_limit=-1`);
  expect(debts.map((d) => [d._id, d.status, d.open_amount]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
    [who.debts[0], 'paid', 0],
    [who.debts[1], 'open', AMOUNTS[1]],
    [who.debts[2], 'paid', 0],
  ]);
  const payment = await api<{ amount: number; allocated: number; method: string }>('GET', `payments/${request.payment}`);
  expect(payment).toMatchObject({ amount: 5400, allocated: 5400, method: 'multibanco' });
  return request.payment;
}

beforeAll(async () => {
  smtp = await startSmtp();
  fake = await startFakeIfthenpay();
  h = await startHarness({ smtpUrl: smtp.url, ifthenpay: fake.config });
  fake.callbackUrl = `${h.baseUrl}/api/payment_callbacks/ifthenpay`;
  site = await serveDemo(h.baseUrl);
  await h.server.setSettings({ SendMessages: 'true' });
});
afterAll(async () => {
  await site?.close();
  await h?.close();
  await fake?.close();
  await smtp?.close();
});

describe('payment link, end to end', () => {
  it('the member opens the e-mailed link, pays two debts by Multibanco, sees "Pago" live; staff see them settled', async () => {
    const who = await notifiedMember(`Beatriz Ligação ${stamp}`);
    expect(new URL(who.link).origin).toBe(h.baseUrl);

    const member = await h.newPage();
    await member.goto(who.link);
    const requestId = await payTwoOfThree(member, member.locator('associa-payment-info'), 'Beatriz');
    await h.screenshot(member, 'payment-link-paid', { fullPage: true });
    expect(member.problems).toEqual([]);
    expect(member.failedResponses).toEqual([]);

    const paymentId = await expectSettled(who, requestId);

    // The back office: the statement shows one payment and only the middle quota still owed.
    const staff = await h.loginAs('editor');
    await staff.goto(`/quotas/dividas/${who.member}`);
    const statement = staff.locator(`[data-statement="${who.member}"]`);
    await expect.poll(async () => EURO(await statement.locator('[data-open-total]').innerText())).toBe('27,00 €');
    expect(await statement.locator('tbody tr[data-kind="payment"]').count()).toBe(1);
    const open = staff.locator('associa-payment-debts tbody tr');
    await expect.poll(() => open.count()).toBe(1);
    expect(await open.innerText()).toContain(`Quota ${YEARS[1]}`);
    // The payment itself: Multibanco, allocated to exactly the two quotas chosen.
    await staff.goto(`/pagamentos/${paymentId}`);
    const allocated = staff.locator('[data-payment] tbody tr');
    await expect.poll(() => allocated.count()).toBe(2);
    expect((await allocated.allInnerTexts()).map(EURO)).toEqual([expect.stringContaining(`Quota ${YEARS[0]}`), expect.stringContaining(`Quota ${YEARS[2]}`)]);
    await h.screenshot(staff, 'payment-link-settled', { fullPage: true });
    expect(staff.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
  });

  it('the same through <associa-payment-info> on the demo association website', async () => {
    const who = await notifiedMember(`Carolina Sítio ${stamp}`);
    const page = await h.newPage();
    await page.goto(`${site.url}#pagamento=${who.token}`);
    await page.getByRole('heading', { name: 'Pagar quotas' }).waitFor();
    const view = page.locator('#pagar associa-payment-info');
    // Restyled by the site's own tokens, as the other elements on the page.
    const requestId = await payTwoOfThree(page, view, 'Carolina');
    expect(await view.getByRole('heading', { name: 'Olá, Carolina' }).evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Georgia');
    await h.screenshot(page, 'payment-link-demo-paid', { fullPage: true });
    expect(page.problems).toEqual([]);
    expect(page.failedResponses).toEqual([]);
    await expectSettled(who, requestId);
  });
});
