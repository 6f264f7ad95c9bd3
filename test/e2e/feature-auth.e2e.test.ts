// Feature elements against the real server: login errors, the member's own record, login by
// e-mailed link with a new password, settings saved by an administrator, an API key shown once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';
import { deliverableBody } from '../../src/server/messages/message-secrets.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Nome de utilizador').fill(username);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * The login code in the newest e-mail queued for `recipient`, as the recipient receives it
 * (the outbox shows staff the link hidden; the sender opens the sealed body, as here).
 */
async function linkMailedTo(recipient: string): Promise<string> {
  const { db } = h.server.ctx.database;
  const row = await db
    .selectFrom('messages')
    .select(['_id'])
    .where('recipient', '=', recipient)
    .orderBy('_id', 'desc')
    .executeTakeFirstOrThrow();
  const text = await deliverableBody(db, Number(row._id));
  const match = /https?:\/\/\S+\/autorizacao\/loginporlink\/(\S+)/.exec(String(text));
  if (!match) throw new Error(`no login link in: ${String(text)}`);
  return match[1]!;
}

describe('login page', () => {
  it("says 'Palavra-passe errada.' and 'Conta não encontrada.'", async () => {
    const page = await h.newPage();
    await page.goto('/autorizacao/entrar');
    await fillLogin(page, 'admin', 'nao-e-esta');
    await page.getByRole('alert').filter({ hasText: 'Palavra-passe errada.' }).waitFor();
    await h.screenshot(page, 'feature-login-wrong-password');
    await fillLogin(page, 'ninguem-com-este-nome', 'qualquer');
    await page.getByRole('alert').filter({ hasText: 'Conta não encontrada.' }).waitFor();
    expect(page.url()).toMatch(/\/autorizacao\/entrar$/);
    expect(page.problems).toEqual([]);
  });
});

describe('member home', () => {
  it("shows the member's own record and links to their profile", async () => {
    const page = await h.newPage();
    const member = h.server.accounts.member;
    await page.goto('/autorizacao/entrar');
    await fillLogin(page, member.username, member.password);
    await page.waitForURL('**/dashboard');
    const card = page.locator('associa-member-home article[aria-labelledby="member-name"]');
    await card.getByRole('heading', { name: member.name }).waitFor();
    expect(await card.innerText()).toMatch(/Sócio n\.º \d+/);
    expect(await card.innerText()).toContain('E-mail');
    await h.screenshot(page, 'feature-member-home', { fullPage: true });
    await card.getByRole('link', { name: 'Editar Perfil' }).click();
    await page.waitForURL(/\/utilizadores\/\d+$/);
    expect(page.problems).toEqual([]);
  });
});

describe('login by link', () => {
  it('e-mails a single-use link that logs in and sets a new password', async () => {
    const page = await h.newPage();
    await page.goto('/autorizacao/loginporlink');
    await page.getByLabel('E-mail').fill('editor@example.com');
    await page.getByRole('button', { name: 'Enviar ligação' }).click();
    await page.getByText('Se existir uma conta com este e-mail, enviámos uma ligação de acesso.', { exact: false }).waitFor();
    const code = await linkMailedTo('editor@example.com');

    await page.goto(`/autorizacao/loginporlink/${code}`);
    await page.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill('outra-senha-2025');
    await page.getByLabel('Confirmar a palavra-passe').fill('outra-senha-2024');
    await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
    await page.getByText('As palavras-passe não coincidem.').waitFor();
    await page.getByLabel('Confirmar a palavra-passe').fill('outra-senha-2025');
    await h.screenshot(page, 'feature-recover');
    await page.getByRole('button', { name: 'Guardar palavra-passe' }).click();
    await page.waitForURL('**/socios');
    // Later tests log in as the editor through the harness.
    h.server.accounts.editor.password = 'outra-senha-2025';

    // The new password works, and the link does not work twice.
    const again = await h.newPage();
    await again.goto('/autorizacao/entrar');
    await fillLogin(again, 'editor', 'outra-senha-2025');
    await again.waitForURL('**/socios');
    const reuse = await h.newPage();
    await reuse.goto(`/autorizacao/loginporlink/${code}`);
    await reuse.getByRole('alert').filter({ hasText: 'A ligação é inválida, já foi usada ou expirou. Peça uma nova.' }).waitFor();
    await reuse.getByRole('link', { name: 'Pedir uma nova ligação' }).click();
    await reuse.waitForURL('**/autorizacao/loginporlink');
    expect([page.problems, again.problems]).toEqual([[], []]);
  });
});

describe('settings pages', () => {
  it('an administrator saves a setting and it stays after a reload', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/configuracaoCandidaturas');
    const toggle = page.getByRole('switch', { name: 'Aceitar candidaturas' });
    await toggle.waitFor();
    const before = await toggle.isChecked();
    await toggle.click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Configurações guardadas.').waitFor();
    await h.screenshot(page, 'feature-settings');
    await page.reload();
    await page.getByRole('switch', { name: 'Aceitar candidaturas' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Aceitar candidaturas' }).isChecked()).toBe(!before);
  });

  it('an editor sees the values read-only', async () => {
    const page = await h.loginAs('editor');
    await page.goto('/configuracaoMensagens');
    await page.getByText('Só um administrador pode alterar estas configurações.').waitFor();
    expect(await page.getByRole('switch', { name: 'Envio automático de mensagens' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
  });
});

describe('API keys', () => {
  it('shows a new secret once; it works as a bearer token until revoked', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/developers');
    await page.getByRole('button', { name: 'Nova chave' }).click();
    await page.waitForURL('**/apiSecrets/new');
    await page.getByLabel('Nome').fill('Sítio da associação');
    await page.getByLabel('Perfil').selectOption('editor');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    await page.getByText('Guarde esta chave agora: não voltará a ser mostrada.').waitFor();
    const secret = await page.getByLabel('Chave secreta').inputValue();
    expect(secret).toMatch(/^ask_/);
    await h.screenshot(page, 'feature-api-key-secret');
    const asKey = () => fetch(`${h.baseUrl}/api/members?_limit=1`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asKey()).status).toBe(200);

    await page.getByRole('button', { name: 'Concluído' }).click();
    await page.waitForURL('**/developers');
    const row = page.locator('associa-api-keys tbody tr', { hasText: 'Sítio da associação' });
    await row.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(secret);
    await row.getByRole('button', { name: 'Revogar Sítio da associação' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
    await row.getByText(/Revogada em/).waitFor();
    expect((await asKey()).status).toBe(401);
    expect(page.problems).toEqual([]);
  });
});
