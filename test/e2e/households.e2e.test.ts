import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ENTITY, startFakeIfthenpay, type FakeIfthenpay } from '../../src/server/modules/collecting/fake-ifthenpay.js';
import { shownRoute } from './support/routes.js';
import { startHarness, type Harness } from './support/harness.js';

// Households end to end (issue 34): staff create a household of three in Chromium (its payer
// one of them), the year's quotas are generated (one per member, charged to the household), the
// payer opens their payment link and pays all three with ONE Multibanco reference issued by the
// (fake) ifthenpay, which calls the server back as ifthenpay does. Then the three members are in
// full rights on the household's page, and one payment with one receipt names the payer and
// lists the three members' quotas.

let h: Harness;
let fake: FakeIfthenpay;
const stamp = Date.now().toString(36);
// A year of its own: no demo category has a schedule then, so its generation charges only these
// three (admitted the year before, when their category had no schedule: admission raised nothing).
const YEAR = new Date().getFullYear() - 9;
const QUOTA = 4500;
const PEOPLE = [`Ana Agregado ${stamp}`, `Bruno Agregado ${stamp}`, `Carla Agregado ${stamp}`] as const;
const HOUSEHOLD = `Família Agregado ${stamp}`;
const EURO = (text: string) => text.replace(/\s/g, ' ');
const IBAN = 'PT50000201231234567890154';

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

interface Member {
  _id: number;
  number: number;
  name: string;
}

let members: Member[] = [];

const householdMembers = (page: Page): Locator => page.locator('associa-household-members');
const householdDebts = (page: Page): Locator => page.locator('associa-household-debts');

/** The standing each member of the household's page shows, by name. */
async function standings(page: Page): Promise<string[][]> {
  return householdMembers(page)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [row.querySelectorAll('td')[1]?.textContent ?? '', row.querySelector('[data-standing]')?.getAttribute('data-standing') ?? '']));
}

beforeAll(async () => {
  fake = await startFakeIfthenpay();
  h = await startHarness({ ifthenpay: fake.config });
  fake.callbackUrl = `${h.baseUrl}/api/payment_callbacks/ifthenpay`;
  await h.server.setSettings({ hasTreasury: 'true', treasuryAutoIssue: 'true', associationIban: IBAN });
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  const category = await api<{ _id: number }>('POST', 'fee_categories', { name: `Família ${stamp}` });
  await api('POST', 'fee_schedules', { year: YEAR, category: category._id, amount: QUOTA, periodicity: 'annual', due_day: 31 });
  members = [];
  for (const name of PEOPLE) {
    members.push(await api<Member>('POST', 'members', { name, email: `${name.split(' ')[0]!.toLowerCase()}-${stamp}@exemplo.pt`, state: states.find((s) => !s.marksEnd)!._id, fee_category: category._id, admission_date: `${YEAR - 1}-06-01` }));
  }
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

describe('a household, end to end', () => {
  it('is created with three members, charged a year, paid with one Multibanco reference from the payer’s link: three members in full rights, one receipt', async () => {
    // 1. Staff create the household, its payer the first member, then add the three.
    const staff = await h.loginAs('editor');
    await staff.goto('/socios/agregados/novo');
    await shownRoute(staff, 'householdsNew');
    const form = staff.locator('associa-resource-form');
    await form.locator('[name="name"]').fill(HOUSEHOLD);
    await form.locator('[name="payer_member"]').selectOption({ label: PEOPLE[0] });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await staff.waitForURL(/\/socios\/agregados\/\d+$/);
    await shownRoute(staff, 'householdsEdit');
    const household = Number(/(\d+)$/.exec(new URL(staff.url()).pathname)![1]);

    const list = householdMembers(staff);
    await list.getByText('Este agregado ainda não tem membros.').waitFor();
    for (const [index, member] of members.entries()) {
      await list.getByLabel('Escolha o sócio').fill(member.name);
      await list.getByRole('button', { name: `N.º ${member.number} — ${member.name}` }).click();
      await list.getByText(`${member.name} passou a fazer parte do agregado.`).waitFor();
      await expect.poll(() => list.locator('tbody tr').count()).toBe(index + 1);
    }
    expect((await list.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toContain(`${PEOPLE[0]} Paga as quotas`);
    const belongs = await api<{ _id: number; household: number | null }[]>('GET', `members?_limit=-1&_household=${household}`);
    expect(belongs.map((m) => m._id).sort((a, b) => a - b)).toEqual(members.map((m) => m._id).sort((a, b) => a - b));

    // 2. The year's quotas: one per member, each charged to the household; the page lists them with their members.
    await api('POST', 'unsettled_payments/generate', { year: YEAR });
    await expect.poll(async () => (await api<{ member: number; household: number | null }[]>('GET', `unsettled_payments?_limit=-1&_household=${household}`)).length, { timeout: 30_000 }).toBe(3);
    const debts = await api<{ _id: number; member: number; household: number | null; amount: number; status: string }[]>('GET', `unsettled_payments?_limit=-1&_household=${household}`);
    expect(debts.map((d) => [d.member, d.household, d.amount, d.status]).sort()).toEqual(members.map((m) => [m._id, household, QUOTA, 'open']).sort());
    // The generation job ran on the server meanwhile: the page read again.
    await staff.reload();
    await shownRoute(staff, 'householdsEdit');
    await expect.poll(() => householdDebts(staff).locator('tbody tr').count(), { timeout: 15_000 }).toBe(3);
    for (const member of members) await householdDebts(staff).getByRole('checkbox', { name: new RegExp(member.name) }).waitFor();
    await expect.poll(async () => (await standings(staff)).map(([, standing]) => standing)).toEqual(['em_atraso', 'em_atraso', 'em_atraso']);
    // Staff could record the household's one payment here; the payer pays by reference instead.
    await householdDebts(staff).getByRole('button', { name: 'Registar pagamento do agregado' }).waitFor();
    await h.screenshot(staff, 'household-owing', { fullPage: true });

    // 3. The payer's link, as staff hand it over; the payer pays the household's three quotas at once.
    const { url } = await api<{ url: string }>('POST', 'payment_links/hand_over', { member: members[0]!._id, way: 'copy' });
    const payer = await h.newPage();
    await payer.goto(url);
    const view = payer.locator('associa-payment-info');
    const table = view.locator(`[data-scope="household:${household}"]`);
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    // Each debt named by its member's first name (a public page shows no more of them).
    for (const member of members) await view.getByRole('checkbox', { name: new RegExp(` de ${member.name.split(' ')[0]!}`) }).waitFor();
    expect(await view.getByRole('checkbox', { checked: true }).count()).toBe(3);
    expect(EURO(await view.locator('[data-total]').innerText())).toBe('135,00 €');
    await view.getByRole('button', { name: 'Obter referência Multibanco' }).click();
    const request = view.locator('[data-request]');
    await request.waitFor();
    const field = (label: string) => request.locator(`dd[data-field="${label}"]`);
    expect(await field('Entidade').innerText()).toBe(FAKE_ENTITY);
    const reference = (await field('Referência').innerText()).replace(/\s/g, '');
    expect(EURO(await field('Valor').innerText())).toBe('135,00 €');
    const issued = [...fake.requests.values()].filter((r) => r.reference === reference);
    expect(issued.map((r) => [r.entity, r.amount])).toEqual([[FAKE_ENTITY, 3 * QUOTA]]);
    expect(await fake.pay(issued[0]!.requestId)).toBe(200);
    await expect.poll(() => field('Estado').getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
    await h.screenshot(payer, 'household-paid-by-link', { fullPage: true });
    expect(payer.problems).toEqual([]);
    expect(payer.failedResponses).toEqual([]);

    // 4. One payment by the household, settling the three quotas; one receipt naming the payer and the three members.
    const payments = await api<{ _id: number; member: number; household: number | null; amount: number; method: string }[]>('GET', `payments?_limit=-1&_household=${household}`);
    expect(payments.map((p) => [p.household, p.member, p.amount, p.method])).toEqual([[household, members[0]!._id, 3 * QUOTA, 'multibanco']]);
    const settled = await api<{ status: string }[]>('GET', `unsettled_payments?_limit=-1&_household=${household}`);
    expect(settled.map((d) => d.status)).toEqual(['paid', 'paid', 'paid']);
    const receipts = await api<{ payer_name: string; total: number; lines: string }[]>('GET', `treasury_docs?_limit=-1&_payer_name=${encodeURIComponent(PEOPLE[0])}`);
    expect(receipts.map((doc) => [doc.payer_name, doc.total])).toEqual([[PEOPLE[0], 3 * QUOTA]]);
    for (const name of PEOPLE) expect(String(receipts[0]!.lines)).toContain(name);

    // 5. Staff see the three members in full rights and nothing owing.
    await staff.reload();
    await shownRoute(staff, 'householdsEdit');
    await expect.poll(async () => (await standings(staff)).map(([, standing]) => standing), { timeout: 15_000 }).toEqual(['em_dia', 'em_dia', 'em_dia']);
    await householdDebts(staff).getByText('O agregado não tem dívidas em aberto.').waitFor({ timeout: 15_000 });
    for (const member of members) {
      const statement = await api<{ standing: { kind: string } }>('GET', `members/${member._id}/statement`);
      expect(statement.standing.kind).toBe('em_dia');
    }
    // The member's page names the household, a link back to it.
    await staff.goto(`/socios/${members[1]!._id}`);
    await staff.locator('associa-member-household').getByRole('link', { name: HOUSEHOLD }).click();
    await shownRoute(staff, 'householdsEdit');
    await h.screenshot(staff, 'household-settled', { fullPage: true });
    expect(staff.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
  });
});
