import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';

// Pages printed from the back office open with the organisation's letterhead (the demo fills
// its NIF and address): a member's statement on paper names the association, its NIF, its
// address and the day it is printed; on screen the head is not there. The treasury settings
// warn while the NIF is missing, and stop once it is back.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const TODAY = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Lisbon' }).format(new Date());

it("prints a member's statement under the letterhead: name, NIF, address and the day printed", async () => {
  const [name] = await h.api<{ value: string }[]>('GET', 'settings?_name=name');
  const page = await h.loginAs('admin');
  await page.goto('/quotas/dividas/1');
  await page.locator('[data-statement] table').waitFor();
  const head = page.locator('[data-print-letterhead]');
  expect(await head.isVisible()).toBe(false);

  await page.emulateMedia({ media: 'print' });
  expect(await head.isVisible()).toBe(true);
  const printed = (await head.innerText()).replace(/\s+/g, ' ');
  for (const words of [name!.value, 'NIF 507241835', 'Rua da Liberdade, 45, 3500-123 Viseu', `Impresso em ${TODAY}`]) expect(printed).toContain(words);
  // The head comes first on paper, above the statement, and the screen's menus are gone.
  const [headBox, statementBox] = [await head.boundingBox(), await page.locator('[data-statement]').boundingBox()];
  expect(headBox!.y + headBox!.height).toBeLessThanOrEqual(statementBox!.y);
  expect(await page.getByRole('navigation', { name: 'Menu principal' }).isVisible()).toBe(false);
  await h.screenshot(page, 'statement-printed', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  expect(page.problems).toEqual([]);
});

it("warns on the treasury settings while the organisation's NIF is missing, and not once it is filled in", async () => {
  const [nif] = await h.api<{ _id: number; value: string }[]>('GET', 'settings?_name=orgNif');
  await h.api('PATCH', `settings/${nif!._id}`, { value: '' });
  try {
    const page = await h.loginAs('admin');
    await page.goto('/configuracaoTesouraria');
    const warning = page.locator('associa-issuer-warning');
    await expect.poll(() => warning.locator('[data-tone="warning"]').innerText()).toContain('Falta o NIF da organização.');
    await warning.getByRole('link', { name: 'Abrir a configuração da organização' }).click();
    await page.waitForURL('**/utilizadores');
    expect(page.problems).toEqual([]);
  } finally {
    await h.api('PATCH', `settings/${nif!._id}`, { value: nif!.value });
  }
  const page = await h.loginAs('admin');
  await page.goto('/configuracaoTesouraria');
  await page.locator('associa-settings-form').getByLabel('Série dos recibos de quota').waitFor();
  expect(await page.locator('associa-issuer-warning [data-tone]').count()).toBe(0);
});
