import { afterAll, beforeAll, expect, it } from 'vitest';
import { lisbonDay } from '../../src/core/days.js';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

// The payments list starts where the treasurer's work is: today's payment on its first row, among
// the demo's thousands, and a member's payments found by the member's NIF although a payment row
// holds only the member's reference.

let h: Harness;
let member: { _id: number; name: string; nif: string };
const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);
const dayText = (day: string) => day.split('-').reverse().join('/');

beforeAll(async () => {
  h = await startHarness();
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  member = await api('POST', 'members', { name: 'Leopoldina Caldeira Hoje', nif: '286145936', state: states.find((s) => !s.marksEnd)!._id, dues_exempt: true });
  await api('POST', 'payments/record', { member: member._id, date: lisbonDay(Date.now()), amount: 1234, method: 'numerario' });
  await api('POST', 'payments/record', { member: member._id, date: '2021-03-15', amount: 999, method: 'transferencia' });
});
afterAll(async () => {
  await h?.close();
});

it("opens on today's payment, newest first, and finds a member's payments by their NIF", async () => {
  const page = await h.loginAs('editor');
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto('/quotas/pagamentos');
  await shownRoute(page, 'paymentsList');
  const list = page.locator('associa-resource-list');
  const rows = list.locator('tbody tr');
  await rows.first().waitFor();
  const today = dayText(lisbonDay(Date.now()));
  await expect.poll(async () => (await rows.first().innerText()).includes(today)).toBe(true);
  const days = (await rows.allInnerTexts()).map((text) => /(\d{2})\/(\d{2})\/(\d{4})/.exec(text)!.slice(1).reverse().join('-'));
  expect(days).toEqual([...days].sort().reverse());
  // Among thousands: the demo's payments fill many pages, and today's is on the first.
  const count = Number((await list.getByText(/resultados$/).first().innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(1000);
  await h.screenshot(page, 'payments-newest-first');

  await list.getByRole('searchbox').fill(member.nif);
  await expect.poll(() => rows.count()).toBe(2);
  const found = (await rows.allInnerTexts()).map((text) => text.replace(/\s/g, ' '));
  expect(found.every((text) => text.includes(member.name))).toBe(true);
  expect(found[0]).toContain(today);
  expect(found[0]).toContain('12,34 €');
  expect(found[1]).toContain('15/03/2021');
  await h.screenshot(page, 'payments-search-by-nif');
  expect(page.problems).toEqual([]);
});
