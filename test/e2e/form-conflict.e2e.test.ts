import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';

// Two staff editing one member in two browsers, against the real server: the second save is
// refused as stale, the conflict view merges, and nothing either of them typed is lost.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const form = (page: E2ePage) => page.locator('associa-resource-form');

async function openMember(page: E2ePage, id: number): Promise<Locator> {
  await page.goto(`/socios/${id}`);
  await form(page).getByLabel('Localidade', { exact: true }).waitFor();
  return form(page);
}

async function stored(id: number): Promise<Record<string, unknown>> {
  const { access } = await h.server.tokensFor('admin');
  const response = await fetch(`${h.baseUrl}/api/members/${id}`, { headers: { authorization: `Bearer ${access}` } });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** Row of the conflict table for a field label: its kind and its cells as shown. */
async function conflictRow(view: Locator, label: string) {
  const row = view.locator('tr[data-field]', { has: view.page().getByRole('rowheader', { name: label, exact: true }) });
  return { kind: await row.getAttribute('data-merge'), cells: await row.locator('td').allInnerTexts() };
}

/** Refused member requests (other failed loads, such as modules this server lacks, are not this test's). */
const memberFailures = (page: E2ePage) => page.failedResponses.filter((line) => line.includes(' /api/members'));

/** A stored value as the conflict view shows it. */
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

const conflictHeading = 'Este registo foi alterado por outra pessoa enquanto o editava.';

describe('two staff editing the same member', () => {
  it('different fields: the second save gets the conflict view, and the stored record has both changes', async () => {
    const id = 7;
    const before = await stored(id);
    const admin = await h.loginAs('admin');
    const editor = await h.loginAs('editor');
    const a = await openMember(admin, id);
    const b = await openMember(editor, id);
    const locality = `Vila Nova ${Date.now() % 100000}`;
    const address = `Rua das Flores, ${Date.now() % 1000}`;

    // The editor starts typing; meanwhile the admin changes another field and saves.
    await b.getByLabel('Morada', { exact: true }).fill(address);
    await a.getByLabel('Localidade', { exact: true }).fill(locality);
    await a.getByRole('button', { name: 'Guardar' }).click();
    await a.getByText('Registo guardado.').waitFor();

    // The editor's open form hears of it before saving, and keeps what was typed.
    await b.getByText('Este registo foi alterado por outra pessoa. Reveja as alterações antes de guardar').waitFor();
    expect(await b.getByLabel('Morada', { exact: true }).inputValue()).toBe(address);

    // Saving anyway is refused as stale: the conflict view, nothing lost.
    await b.getByRole('button', { name: 'Guardar', exact: true }).click();
    await b.getByText(conflictHeading).waitFor();
    expect(await conflictRow(b, 'Morada')).toEqual({ kind: 'mine', cells: [shown(before.address), address, shown(before.address), 'A sua (só você alterou)'] });
    expect(await conflictRow(b, 'Localidade')).toEqual({ kind: 'theirs', cells: [shown(before.locality), shown(before.locality), locality, 'A guardada (só a outra pessoa alterou)'] });
    await h.screenshot(editor, 'form-conflict-different-fields');
    await b.getByRole('button', { name: 'Guardar com estas escolhas' }).click();
    await b.getByText('Registo guardado.').waitFor();

    const after = await stored(id);
    expect(after).toMatchObject({ locality, address });
    // Two writes, two versions: nobody's save was silently overwritten.
    expect(after._version).toBe(Number(before._version) + 2);
    expect(memberFailures(editor)).toEqual([`409 PUT /api/members/${id} (on /socios/${id})`]);
    expect(memberFailures(admin)).toEqual([]);
    expect(admin.problems).toEqual([]);
    expect(editor.problems).toEqual([]);
  });

  it('the same field: the editor chooses, field by field, and the stored record has the chosen value', async () => {
    const id = 8;
    const before = await stored(id);
    const admin = await h.loginAs('admin');
    const editor = await h.loginAs('editor');
    const a = await openMember(admin, id);
    const b = await openMember(editor, id);

    await b.getByLabel('Localidade', { exact: true }).fill('Localidade da editora');
    await b.getByLabel('Código postal', { exact: true }).fill('4000-123');
    await a.getByLabel('Localidade', { exact: true }).fill('Localidade do administrador');
    await a.getByRole('button', { name: 'Guardar' }).click();
    await a.getByText('Registo guardado.').waitFor();

    await b.getByRole('button', { name: 'Guardar', exact: true }).click();
    await b.getByText(conflictHeading).waitFor();
    expect(await conflictRow(b, 'Localidade')).toMatchObject({
      kind: 'both',
      cells: [shown(before.locality), 'Localidade da editora', 'Localidade do administrador', expect.stringContaining('Manter a minha')],
    });
    expect((await conflictRow(b, 'Código postal')).kind).toBe('mine');

    // No choice yet: asked for one, nothing sent.
    await b.getByRole('button', { name: 'Guardar com estas escolhas' }).click();
    await b.getByText('Escolha o valor a manter em cada campo que ambos alteraram.').waitFor();
    await b.getByRole('group', { name: 'Localidade: que valor manter?' }).getByLabel('Manter a minha').check();
    await h.screenshot(editor, 'form-conflict-same-field');
    await b.getByRole('button', { name: 'Guardar com estas escolhas' }).click();
    await b.getByText('Registo guardado.').waitFor();

    expect(await stored(id)).toMatchObject({ locality: 'Localidade da editora', postal_code: '4000-123', _version: Number(before._version) + 2 });
    expect(memberFailures(editor)).toEqual([`409 PUT /api/members/${id} (on /socios/${id})`]);
    expect(editor.problems).toEqual([]);
  });

  it('asks before the menu leaves unsaved edits, and stays when the user cancels', async () => {
    const editor = await h.loginAs('editor');
    const b = await openMember(editor, 9);
    await b.getByLabel('Localidade', { exact: true }).fill('Por guardar');
    await editor.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Sócios' }).click();
    const question = editor.getByRole('dialog', { name: 'Sair sem guardar as alterações?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(editor.url()).pathname).toBe('/socios/9');
    expect(await b.getByLabel('Localidade', { exact: true }).inputValue()).toBe('Por guardar');
    // Asked again: this time the user leaves, and the edits are dropped.
    await editor.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Sócios' }).click();
    await question.getByRole('button', { name: 'Sair sem guardar' }).click();
    await editor.waitForURL('**/socios');
    expect(editor.problems).toEqual([]);
  });
});
