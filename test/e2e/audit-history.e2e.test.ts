import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';

// The audit trail in the browser against the real server: a record's history below its form,
// the audit list, and a member's own history on their dashboard.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function api(method: string, path: string, body?: object) {
  const { access } = await h.server.tokensFor('admin');
  const response = await fetch(`${h.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as { data: Record<string, unknown> & Record<string, unknown>[] };
}

const memberNumbered = async (number: number) => (await api('GET', `/members?_number=${number}`)).data[0] as { _id: number; locality: string | null };

const history = (page: Page) => page.locator('associa-record-history');

describe('record history', () => {
  it("shows an administrator who changed which field of a member, from what to what, below the form", async () => {
    const page = await h.loginAs('admin');
    const member = await memberNumbered(2);
    await page.goto(`/socios/${member._id}`);
    const form = page.locator('associa-resource-form');
    const locality = form.getByLabel('Localidade', { exact: true });
    await locality.waitFor();
    const changed = `Aldeia do Histórico ${Date.now() % 100000}`;
    await locality.fill(changed);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Registo guardado.').waitFor();

    // The change event reloads the history: no page reload needed.
    const latest = history(page).locator('tbody tr').first();
    await latest.getByText(changed).waitFor();
    const cells = await latest.locator('td').allInnerTexts();
    expect(cells[1]).toContain(h.server.accounts.admin.name);
    expect(cells[2]).toBe('Alteração');
    expect(cells[3]).toBe(`Localidade: ${member.locality || '—'} → ${changed}`);
    await h.screenshot(page, 'audit-record-history', { fullPage: true });
    expect(page.problems).toEqual([]);
  });

  it('is not placed for editors; the audit list is for administrators only', async () => {
    const editor = await h.loginAs('editor');
    const member = await memberNumbered(3);
    await editor.goto(`/socios/${member._id}`);
    await editor.locator('associa-resource-form').getByLabel('Localidade', { exact: true }).waitFor();
    expect(await history(editor).count()).toBe(0);
    await editor.goto('/utilizadores');
    await editor.getByRole('navigation', { name: 'Configurações' }).waitFor();
    expect(await editor.getByRole('navigation', { name: 'Configurações' }).getByRole('link', { name: 'Auditoria' }).count()).toBe(0);
    await editor.goto('/auditoria');
    await editor.getByRole('heading', { name: 'Sem acesso' }).waitFor();

    const admin = await h.loginAs('admin');
    await admin.goto('/utilizadores');
    await admin.getByRole('navigation', { name: 'Configurações' }).getByRole('link', { name: 'Auditoria' }).click();
    await admin.waitForURL('**/auditoria');
    const list = admin.locator('associa-resource-list');
    await list.locator('tbody tr').first().waitFor();
    const headers = (await list.locator('thead th').allInnerTexts()).map((t) => t.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Data e hora', 'Autor', 'Ação', 'Recurso', 'Identificador do registo', 'Endereço IP']);
    expect(admin.problems).toEqual([]);
  });

  it("shows a member the history of their own record on their dashboard, staff notes left out", async () => {
    const own = await memberNumbered(1);
    await api('PATCH', `/members/${own._id}`, { phone: '913 000 222', notes: 'Nota interna da direção' });
    const page = await h.loginAs('member');
    await page.goto('/dashboard');
    // The dashboard element shows the history itself (no separate element).
    const section = page.locator('associa-member-home').getByRole('region', { name: 'Histórico de alterações' });
    await section.getByText('Telefone:').first().waitFor();
    const text = await section.innerText();
    expect(text).toContain(h.server.accounts.admin.name);
    expect(text).toContain('913 000 222');
    expect(text).not.toContain('Nota interna');
    expect(text).not.toContain('Notas');
    expect(page.problems).toEqual([]);
  });
});
