import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { ROUTES, sampleAddress, shownRoute } from './support/routes.js';

let h: Harness;
let organisation: string;
let admin: E2ePage;
beforeAll(async () => {
  h = await startHarness();
  organisation = ((await (await fetch(`${h.baseUrl}/api/terminology`)).json()) as { data: { data: { name: string } } }).data.data.name;
  admin = await h.loginAs('admin');
});
afterAll(async () => {
  await h?.close();
});

// No 404 from an API the server lacks: document statuses and the applications badge are asked
// for only where the explainer names their resource.
// Elements not built yet answer 404 (the page says the feature is unavailable); the recover
// page's sample code is refused (403), as an unknown code should be, and so is the e-mail
// confirmation page's (404 verification_unknown); sample record 1 of
// messages, API keys, reminder stages, SEPA mandates and direct-debit batches does not exist in
// the demo data (a 404 read is an empty record, SPEC 8); the payment link '1' is no token, and
// its page answers with the pt-PT page of an unknown link (the API's 404 payment_link_invalid).
const unexpected = (page: E2ePage) =>
  page.failedResponses.filter(
    (r) =>
      !/\/favicon\.ico |^404 GET \/elements\/|^403 POST \/api\/auth \(on \/autorizacao\/loginporlink\/|^404 POST \/api\/member_applications\/verifyEmail \(on \/inscricao\/confirmacao\/|^404 GET \/api\/(messages|api_secrets|reminder_stages|sepa_mandates|direct_debit_batches|payment_info)\/1 /.test(r),
  );

describe('every route of SPEC 2, as admin', () => {
  const pages = ROUTES.filter((route) => !route.redirect && !['login', 'forgot', 'logout'].includes(route.name));

  it('opens each with its title (route title | organisation) and its shell', async () => {
    for (const route of pages) {
      const address = sampleAddress(route);
      await admin.goto(address);
      expect(await shownRoute(admin, route.name), address).toBe(route.name);
      await expect.poll(() => admin.title(), { message: address }).toBe(`${route.title} | ${organisation}`);
      const topNav = admin.getByRole('navigation', { name: 'Menu principal' });
      if (route.bare) {
        expect(await topNav.count(), `${address} hides the top navigation`).toBe(0);
      } else {
        await topNav.waitFor();
        await admin.getByRole('navigation', { name: 'Localização' }).waitFor();
        await admin.getByRole('toolbar', { name: 'Ferramentas' }).waitFor();
      }
      expect(await admin.locator('footer').innerText(), address).toContain(`© ${new Date().getFullYear()} ${organisation}`);
      // Domain pages come in their own chunk (pages/lazy.tsx): the heading follows it.
      await admin.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(admin.problems).toEqual([]);
    expect(unexpected(admin)).toEqual([]);
    // Every page of SPEC 2, the treasury's and the assemblies' too (the demo has them on): more than the default minute on a loaded machine.
  }, 180_000);

  it('redirects / and /adminHome to the member list when logged in', async () => {
    for (const address of ['/', '/adminHome']) {
      await admin.goto(address);
      await admin.waitForURL('**/socios');
      expect(await shownRoute(admin, 'membersList')).toBe('membersList');
    }
  });

  it('shows the staff menu by the settings: the demo takes applications (badge with the pending count) and has the treasury on, reports for an association', async () => {
    await admin.goto('/socios');
    const menu = admin.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Sócios' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Mensagens' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Relatórios' }).count()).toBe(1);
    // The demo has the treasury on (hasTreasury): its menu entry shows.
    await menu.getByRole('link', { name: 'Tesouraria' }).waitFor();
    const { count } = await h.api<{ count: number }>('GET', 'member_applications/pending_count');
    expect(count).toBeGreaterThan(0);
    const applications = menu.getByRole('link', { name: /Candidaturas/ });
    await expect.poll(() => applications.innerText()).toContain(String(count));
    // Submenus
    await menu.getByRole('button', { name: 'Quotas' }).click();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Pagamentos', 'Dívidas']));
    await menu.getByRole('link', { name: 'Dívidas' }).click();
    await admin.waitForURL('**/quotas/dividas');
    await menu.getByRole('button', { name: 'Cartões' }).click();
    await menu.getByRole('link', { name: 'Verificar' }).click();
    await admin.waitForURL('**/cartoessocio/verificarVarios');
  });

  it('turns applications and the treasury off with their settings', async () => {
    await h.server.setSettings({ hasMemberApplication: 'false', hasTreasury: 'false' });
    try {
      await admin.goto('/socios');
      const menu = admin.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByRole('link', { name: 'Sócios' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Tesouraria' }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: /Candidaturas/ }).count()).toBe(0);
      // Its pages say it is off and ask the server nothing (its routes would answer 404).
      await admin.goto('/tesouraria');
      await admin.getByText('A tesouraria está desativada.', { exact: false }).waitFor();
    } finally {
      await h.server.setSettings({ hasMemberApplication: 'true', hasTreasury: 'true' });
    }
  });

  it('has the settings icon, the user menu, the SendMessages banner, zoom and the support link', async () => {
    await admin.goto('/socios');
    await admin.getByRole('link', { name: 'Configurações' }).click();
    await admin.waitForURL('**/utilizadores');
    await admin.getByRole('button', { name: /Menu do utilizador Administrador/ }).click();
    await admin.getByRole('link', { name: 'Editar Perfil' }).waitFor();
    await admin.getByRole('link', { name: 'Sair' }).waitFor();
    await admin.keyboard.press('Escape');

    const banner = admin.locator('[data-banner="send-messages"]');
    expect(await banner.innerText()).toContain('O envio automático de mensagens está inativo.');
    await banner.getByRole('link', { name: 'Alterar' }).click();
    await admin.waitForURL('**/configuracaoMensagens');

    const before = await admin.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    await admin.getByRole('button', { name: 'Aumentar o tamanho do texto' }).click();
    await expect.poll(() => admin.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${parseInt(before, 10) + 1}px`);
    await admin.getByRole('button', { name: 'Diminuir o tamanho do texto' }).click();
    await expect.poll(() => admin.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(before);

    const support = await admin.locator('[data-toolbar="support"]').getAttribute('href');
    const body = decodeURIComponent(support ?? '');
    for (const part of ['Tipo de organização: association', 'Nome: Administrador', 'Utilizador: admin', 'Função: admin', 'E-mail:']) expect(body).toContain(part);
  });

  it('links breadcrumbs to the routes above the current page', async () => {
    await admin.goto('/quotas/pagamentos/novo');
    const crumbs = admin.getByRole('navigation', { name: 'Localização' });
    await crumbs.getByRole('link', { name: 'Pagamentos' }).click();
    await admin.waitForURL('**/quotas/pagamentos');
    expect(await shownRoute(admin, 'paymentsList')).toBe('paymentsList');
  });

  it('logs out at /autorizacao/sair and then asks for login again', async () => {
    await admin.goto('/autorizacao/sair');
    await admin.waitForURL('**/autorizacao/entrar');
    await admin.goto('/socios');
    await admin.waitForURL('**/autorizacao/entrar');
    expect(await admin.getByRole('navigation', { name: 'Menu principal' }).count()).toBe(0);
  });
});
