// What SPEC.md named and the product lacked, on the real server with the demo data, in Chromium:
// the read-only setting filesDir on the organisation's settings page, a treasury document's
// status changed and cleared on its page (and shown in the documents list), and a member's
// automatic payment messages as a section of their page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it("shows where the server keeps uploaded files as text on the organisation's settings, not as something to edit", async () => {
  const [setting] = await h.api<{ value: string }[]>('GET', 'settings?_name=filesDir');
  expect(setting!.value).toMatch(/[\\/]files$/);
  const page = await h.loginAs('admin');
  await page.goto('/utilizadores');
  const shown = page.locator('associa-settings-form [data-setting="filesDir"]');
  await shown.waitFor();
  expect(await shown.innerText()).toContain(setting!.value);
  expect(await shown.innerText()).toContain('ASSOCIA_DATA');
  expect(await page.locator('associa-settings-form [name="filesDir"]').count()).toBe(0);
  expect(page.problems).toEqual([]);
});

it("changes and clears a treasury document's status on its page; the documents list shows it", async () => {
  const [doc] = await h.api<{ _id: number; number: string }[]>('GET', 'treasury_docs?_sort=-_id&_limit=1');
  const statuses = await h.api<{ _id: number; name: string }[]>('GET', 'document_statuses?_limit=-1');
  const target = statuses[0]!;
  await h.api('POST', 'treasury_docs_statuses/bulk_delete', { ids: [doc!._id] });
  const page = await h.loginAs('editor');
  await page.goto(`/tesoouraria/${doc!._id}`);
  await shownRoute(page, 'treasuryDocsEdit');
  const control = page.locator('associa-treasury-doc-status');
  await expect.poll(() => control.locator('[data-current-status]').innerText()).toBe('Sem estado');
  await control.getByLabel('Novo estado').selectOption(String(target._id));
  await control.getByRole('button', { name: 'Mudar estado' }).click();
  await expect.poll(() => control.locator('[data-current-status]').innerText()).toBe(target.name);
  expect((await h.api<{ status: number | null }>('GET', `treasury_docs/${doc!._id}`)).status).toBe(target._id);
  await h.screenshot(page, 'treasury-doc-status', { fullPage: true });

  await page.goto('/tesouraria');
  const row = page.locator('associa-resource-list tbody tr', { hasText: doc!.number }).first();
  await expect.poll(() => row.innerText()).toContain(target.name);

  await page.goto(`/tesoouraria/${doc!._id}`);
  await control.getByRole('button', { name: 'Limpar estado' }).click();
  await expect.poll(() => control.locator('[data-current-status]').innerText()).toBe('Sem estado');
  expect((await h.api<{ status: number | null }>('GET', `treasury_docs/${doc!._id}`)).status).toBe(null);
  expect(page.problems).toEqual([]);
});

it("lists a member's automatic payment messages on their page", async () => {
  const member = (await h.api<{ _id: number; email: string | null }[]>('GET', 'members?_limit=50')).find((m) => m.email);
  await h.api('POST', 'payment_links/hand_over', { member: member!._id, way: 'email' });
  const page = await h.loginAs('admin');
  await page.goto(`/socios/${member!._id}`);
  await shownRoute(page, 'membersEdit');
  const section = page.getByRole('region', { name: 'Mensagens de pagamento' });
  const row = section.locator('[data-kind="payment_request"]').first();
  await row.waitFor();
  expect(await row.innerText()).toContain('Pedido de pagamento');
  await section.scrollIntoViewIfNeeded();
  await h.screenshot(page, 'member-payment-messages');
  expect(page.problems).toEqual([]);
});
