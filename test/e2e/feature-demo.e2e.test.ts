// demo/index.html, an association's own website on another origin, loads elements from the
// real server by script tags: cross-origin module loading, theme tokens, a public request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo, type DemoSite } from './support/demo-site.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
let site: DemoSite;
let siteUrl: string;

beforeAll(async () => {
  h = await startHarness();
  site = await serveDemo(h.baseUrl);
  siteUrl = site.url;
});
afterAll(async () => {
  await site?.close();
  await h?.close();
});

describe('demo association website', () => {
  it('embeds elements from the server, restyled by the page, and sends a public request', async () => {
    const page = await h.newPage();
    await page.goto(siteUrl);
    await page.getByText('Aplicação em modo de testes. Toda a informação é fictícia.').waitFor();
    const heading = page.locator('associa-login-link h2');
    await heading.waitFor();
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Georgia');
    const button = page.getByRole('button', { name: 'Enviar ligação' });
    // --associa-color-primary set by the page: #2f5d50.
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(47, 93, 80)');
    expect(await page.getByRole('link', { name: 'Voltar ao início de sessão' }).getAttribute('href')).toBe(`${h.baseUrl}/autorizacao/entrar`);
    // The page also holds the application form, with its own e-mail field.
    await page.getByRole('region', { name: 'Área do sócio' }).getByLabel('E-mail').fill('socio@culturaldovale.example');
    await button.click();
    await page.getByText('Se existir uma conta com este e-mail, enviámos uma ligação de acesso.', { exact: false }).waitFor();
    // Without a session the debts element asks for a login on the server, and reads nothing.
    const debts = page.locator('associa-payment-debts');
    await debts.getByText('Precisa de iniciar sessão para ver esta página.').waitFor();
    expect(await debts.getByRole('link', { name: 'Iniciar sessão' }).getAttribute('href')).toBe(`${h.baseUrl}/autorizacao/entrar`);
    await h.screenshot(page, 'feature-demo', { fullPage: true });
    expect(page.problems).toEqual([]);
    expect(page.failedResponses).toEqual([]);
  });
});
