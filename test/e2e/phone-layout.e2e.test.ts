import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/contract.js';
import { amountsInView } from './support/amounts.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { ROUTES, sampleAddress, shownRoute, visit } from './support/routes.js';

// Issue 16, items 1 and 11: the back office on a phone (375 × 812) and on paper.
const PHONE = { width: 375, height: 812 };

let h: Harness;
const pages = new Map<Role, E2ePage>();
beforeAll(async () => {
  h = await startHarness();
  for (const role of ['admin', 'member'] as const) {
    const page = await h.loginAs(role);
    await page.setViewportSize(PHONE);
    pages.set(role, page);
  }
});
afterAll(async () => {
  await h?.close();
});

function pageOf(role: Role): E2ePage {
  const page = pages.get(role);
  if (!page) throw new Error(`no page for ${role}`);
  return page;
}

/** Opens an address (in the app, once it is loaded) and waits until its page has rendered and its data has arrived. */
async function open(page: E2ePage, address: string, route: string): Promise<void> {
  await visit(page, address);
  // A page the account may not open shows the "sem acesso" page in its place.
  await page
    .locator(`main#main:is([data-route="${route}"], [data-route="forbidden"])`)
    .waitFor({ timeout: 15_000 })
    .catch(async (e: unknown) => {
      // Say what the page shows instead, and what failed on the way there.
      const shown = await page.locator('main').getAttribute('data-route').catch(() => null);
      throw new Error(`${address} did not show ${route} but ${shown ?? 'no page'}; ${[...page.failedResponses, ...page.problems].slice(-5).join('; ')}: ${String(e)}`);
    });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.quiet();
}

const pageWidth = (page: E2ePage) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

/** The user menu opens and its 'Sair' lies inside the viewport, where a finger can reach it. */
async function sairReachable(page: E2ePage): Promise<void> {
  await page.getByRole('button', { name: /^Menu do utilizador/ }).click();
  const sair = page.getByRole('link', { name: 'Sair' });
  await sair.waitFor();
  const box = await sair.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // Nothing covers it: the topmost element at its centre is the link (or inside it).
  const onTop = await sair.evaluate((link) => {
    const r = link.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && link.contains(hit);
  });
  expect(onTop).toBe(true);
  await page.keyboard.press('Escape');
}

const backOffice = ROUTES.filter((route) => !route.redirect && !route.public && !['login', 'forgot', 'logout'].includes(route.name));

describe.each(['admin', 'member'] as const)('at 375 × 812, as %s', (role) => {
  for (const route of backOffice) {
    it(`${route.path}: no sideways scroll, every amount in full, 'Sair' reachable`, async () => {
      const page = pageOf(role);
      await open(page, sampleAddress(route), route.name);
      const { scroll, inner } = await pageWidth(page);
      expect(scroll, `page width at ${route.path}`).toBeLessThanOrEqual(inner);
      // Issue 30: tables of money show each row as a card; no amount cut off or scrolled away.
      expect((await amountsInView(page)).problems, `amounts at ${route.path}`).toEqual([]);
      if (!route.bare) await sairReachable(page);
    });
  }
});

describe('public pages at 375 × 812, signed out', () => {
  const publicPages = ROUTES.filter((route) => route.public && !route.redirect && route.name !== 'logout');
  for (const route of publicPages) {
    it(`${route.path}: no sideways scroll`, async () => {
      const page = await h.newPage();
      await page.setViewportSize(PHONE);
      await open(page, sampleAddress(route), route.name);
      const { scroll, inner } = await pageWidth(page);
      expect(scroll, `page width at ${route.path}`).toBeLessThanOrEqual(inner);
      await h.screenshot(page, `phone-public-${route.name}`, { fullPage: true });
      await page.context().close();
    });
  }
});

describe('the compact navigation at 375 × 812', () => {
  it('opens the main menu from its button and follows a link, then logs out with Sair', async () => {
    const page = await h.loginAs('admin');
    await page.setViewportSize(PHONE);
    await open(page, '/socios/1', 'membersEdit');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.getByRole('link', { name: 'Mensagens' }).isVisible()).toBe(false);
    // Escape closes it and gives the focus back to its button; a submenu open in it goes first.
    await toggle.click();
    const quotas = menu.getByRole('button', { name: /^Quotas/ });
    await quotas.click();
    expect(await quotas.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await quotas.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((button) => document.activeElement === button)).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Mensagens' }).click();
    await page.waitForURL('**/mensagens');
    await shownRoute(page, 'messageList');
    // The menu closes once the page it led to is shown.
    expect(await menu.getByRole('link', { name: 'Mensagens' }).isVisible()).toBe(false);
    // Going back with the menu open shows the page before, not the menu over it.
    await toggle.click();
    expect(await menu.getByRole('link', { name: 'Mensagens' }).isVisible()).toBe(true);
    await page.goBack();
    await shownRoute(page, 'membersEdit');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getByRole('link', { name: 'Mensagens' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Menu do utilizador/ }).click();
    await page.getByRole('link', { name: 'Sair' }).click();
    await page.waitForURL('**/autorizacao/entrar');
  });

  it('shows the list as readable cards, opens the toolbar from its fold, and saves screenshots', async () => {
    const page = pageOf('admin');
    await open(page, '/socios', 'membersList');
    const firstRow = page.locator('associa-resource-list tbody tr').first();
    await firstRow.waitFor();
    // A card: its cells stacked, each with its column's name, inside the screen.
    const labels = await firstRow.locator('td').evaluateAll((cells) => cells.map((td) => getComputedStyle(td, '::before').content));
    expect(labels).toEqual(expect.arrayContaining(['"Nome"', '"E-mail"']));
    const tops = await firstRow.locator('td').evaluateAll((cells) => cells.map((td) => Math.round(td.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'one cell per line').toBe(tops.length);
    const rowBox = await firstRow.boundingBox();
    expect(rowBox && rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
    await firstRow.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'phone-member-list');

    const tools = page.getByRole('toolbar', { name: 'Ferramentas' });
    expect(await tools.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Ferramentas' }).click();
    await tools.getByRole('button', { name: 'Exportar resultados' }).waitFor();
    await h.screenshot(page, 'phone-toolbar-open');

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await h.screenshot(page, 'phone-menu-open');

    // The next page, reached inside the app, closes the menu: the screenshots show the pages.
    await open(page, '/socios/3', 'membersEdit');
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).getAttribute('aria-expanded')).toBe('false');
    await page.locator('associa-resource-form').getByRole('button', { name: /Guardar/ }).first().waitFor();
    await h.screenshot(page, 'phone-member-form', { fullPage: true });
    await open(page, '/quotas/dividas/1', 'unpaidByMember');
    await h.screenshot(page, 'phone-member-statement', { fullPage: true });
    const member = pageOf('member');
    await open(member, '/dashboard', 'memberHome');
    await h.screenshot(member, 'phone-member-home', { fullPage: true });
    expect(page.problems).toEqual([]);
  });
});

describe('on paper', () => {
  const hidden = (page: E2ePage, selector: string) =>
    page.locator(selector).evaluateAll((all) => all.length > 0 && all.every((el) => getComputedStyle(el).display === 'none' || (el as HTMLElement).offsetParent === null));

  it('prints a list and a member record without menus, banners, toolbars or buttons', async () => {
    const page = await h.loginAs('admin');
    for (const [address, route, element] of [
      ['/socios', 'membersList', 'associa-resource-list'],
      ['/socios/1', 'membersEdit', 'associa-resource-form'],
    ] as const) {
      await open(page, address, route);
      await page.locator(element).getByRole('button').first().waitFor();
      await page.emulateMedia({ media: 'print' });
      await h.screenshot(page, `print-${route}`);
      expect(await hidden(page, 'header'), `${address}: top navigation`).toBe(true);
      expect(await hidden(page, '[data-banner]'), `${address}: banners`).toBe(true);
      expect(await hidden(page, '[role="toolbar"]'), `${address}: toolbar`).toBe(true);
      expect(await hidden(page, 'nav'), `${address}: menus and breadcrumbs`).toBe(true);
      // Buttons inside the element's shadow root too (the locator pierces it), sort headers aside.
      const buttons = page.locator(`${element} button:not([data-sort])`);
      expect(await buttons.count(), `${address}: has buttons on screen`).toBeGreaterThan(0);
      expect(await buttons.evaluateAll((all) => all.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.textContent)), `${address}: buttons`).toEqual([]);
      // Content takes the whole width of the paper.
      const { main, body } = await page.evaluate(() => ({ main: document.querySelector('main')?.getBoundingClientRect().width ?? 0, body: document.body.clientWidth }));
      expect(main).toBe(body);
      await page.emulateMedia({ media: 'screen' });
      expect(await hidden(page, 'header')).toBe(false);
    }
  });
});
