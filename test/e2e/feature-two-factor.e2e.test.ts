// Two-factor login with the real server: a staff member turns it on from their own user page
// (the QR code the server drew, the key, the first code), then logs in again with a code of the
// app, another time with a recovery code, and once by an e-mailed recovery link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { deliverableBody } from '../../src/server/messages/message-secrets.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The app's code for `secret` at the server's time, `steps` periods of 30 s later. */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: h.server.ctx.now() + steps * 30_000 });

/** The login code of the newest e-mail queued for `recipient`, as the recipient receives it. */
async function linkMailedTo(recipient: string): Promise<string> {
  const { db } = h.server.ctx.database;
  const row = await db.selectFrom('messages').select('_id').where('recipient', '=', recipient).orderBy('_id', 'desc').executeTakeFirstOrThrow();
  const text = String(await deliverableBody(db, Number(row._id)));
  const match = /\/autorizacao\/loginporlink\/(\S+)/.exec(text);
  if (!match) throw new Error(`no login link in: ${text}`);
  return match[1]!;
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/autorizacao/entrar');
  await page.getByLabel('Nome de utilizador').fill(username);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByLabel('Código de 6 dígitos').waitFor();
}

describe('two-factor login', () => {
  it('is turned on from one’s own user page and then asked at every login', async () => {
    const editor = h.server.accounts.editor;
    const page = await h.loginAs('editor');
    const id = await page.evaluate(() => JSON.parse(atob(window.localStorage.getItem('access')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).ID as number);
    await page.goto(`/utilizadores/${id}`);
    const element = page.locator('associa-two-factor');
    await element.getByText('A autenticação em dois passos está desativada nesta conta.').waitFor();
    await element.getByRole('button', { name: 'Ativar' }).click();

    const qr = element.getByRole('img', { name: 'Código QR para configurar a aplicação de autenticação' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await element.getByLabel('Chave para introdução manual').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await h.screenshot(page, 'feature-two-factor-enrolment', { fullPage: true });
    await element.getByLabel('Código de 6 dígitos').fill(codeFor(secret));
    await element.getByRole('button', { name: 'Confirmar' }).click();

    const codes = element.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await codes.first().waitFor();
    const recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await element.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await element.getByText('Autenticação em dois passos ativada.').waitFor();
    await element.getByText('Restam 10 códigos de recuperação por usar.').waitFor();
    expect(page.problems).toEqual([]);

    // Next login: the password, then a code of the app (the next period's: this one is spent).
    const again = await h.newPage();
    await passwordStep(again, editor.username, editor.password);
    await again.getByLabel('Código de 6 dígitos').fill(codeFor(secret, 1));
    await again.getByRole('button', { name: 'Confirmar' }).click();
    await again.waitForURL(/\/socios$/);

    // And once with a recovery code, for a phone left at home.
    const third = await h.newPage();
    await passwordStep(third, editor.username, editor.password);
    await third.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await third.getByLabel('Código de recuperação').fill(recoveryCodes[0]!);
    await third.getByRole('button', { name: 'Confirmar' }).click();
    await third.waitForURL(/\/socios$/);

    // A recovery link: whoever reads the mailbox still needs the app before a session.
    const { email } = await h.server.ctx.database.db.selectFrom('users').select('email').where('username', '=', editor.username).executeTakeFirstOrThrow();
    // A code of a later period than the one spent above.
    h.server.advance(60_000);
    const recovery = await h.newPage();
    await recovery.goto('/autorizacao/loginporlink');
    await recovery.getByLabel('E-mail').fill(String(email));
    await recovery.getByRole('button', { name: 'Enviar ligação' }).click();
    await recovery.getByText('Se existir uma conta com este e-mail', { exact: false }).waitFor();
    await recovery.goto(`/autorizacao/loginporlink/${await linkMailedTo(String(email))}`);
    await recovery.getByLabel('Código de 6 dígitos').waitFor();
    expect(await recovery.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).count()).toBe(0);
    await recovery.getByLabel('Código de 6 dígitos').fill(codeFor(secret));
    await recovery.getByRole('button', { name: 'Confirmar' }).click();
    // The session began with the link: a new password without the old one.
    await recovery.getByRole('textbox', { name: 'Nova palavra-passe', exact: true }).fill('recuperada-com-codigo');
    await recovery.getByLabel('Confirmar a palavra-passe').fill('recuperada-com-codigo');
    await recovery.getByRole('button', { name: 'Guardar palavra-passe' }).click();
    await recovery.waitForURL(/\/socios$/);
    editor.password = 'recuperada-com-codigo';
    const fourth = await h.newPage();
    await passwordStep(fourth, editor.username, editor.password);
    expect([...again.problems, ...third.problems, ...recovery.problems, ...fourth.problems]).toEqual([]);
  });
});
