import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/contract.js';
import { mayOpen } from '../../src/host/routes.js';
import { axeViolations } from './support/axe.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { ROUTES, sampleAddress, shownRoute, visit } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const pages = ROUTES.filter((route) => !route.redirect && route.name !== 'logout');

/**
 * The page as a user meets it: reached (in the app, after the first), its route shown (or 'Sem
 * acesso'), its heading drawn, its data loaded.
 */
async function settled(page: E2ePage, address: string, route?: string): Promise<string> {
  await visit(page, address);
  const shown = route ? `:is([data-route="${route}"], [data-route="forbidden"])` : ':not([data-route="loading"])';
  await page.locator(`main#main${shown} h1`).first().waitFor();
  await page.quiet().catch(() => undefined);
  // Elements show "A carregar" until their data is in: axe must see the finished page.
  await page.locator('[aria-busy="true"], [data-loading]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  return shownRoute(page);
}

describe('the axe check itself', () => {
  it('sees a violation inside an element\'s shadow root', async () => {
    const page = await h.loginAs('admin');
    await settled(page, '/socios');
    await page.evaluate(() => {
      const list = document.querySelector('associa-resource-list')!;
      const input = document.createElement('input');
      input.dataset.unlabelled = '';
      list.shadowRoot!.append(input);
    });
    expect((await axeViolations(page)).join('\n')).toMatch(/^label .*"associa-resource-list",/m);
  });
});

const ROLES: { who: string; role: Role | null }[] = [
  { who: 'admin', role: 'admin' },
  { who: 'member', role: 'member' },
  { who: 'anonymous', role: null },
];

// One test per page and role, so a failure names the page and its violations.
describe.each(ROLES)('axe-core, WCAG 2.1 AA, shadow roots included, as $who', ({ role }) => {
  let page: E2ePage;
  beforeAll(async () => {
    page = role ? await h.loginAs(role) : await h.newPage();
  });

  // Anonymous: the public pages only. Logged in: every page but the login forms (which send a
  // logged-in user home); those the role may not open show 'Sem acesso', checked as well.
  const shown = pages.filter((route) => (role ? route.name !== 'login' && route.name !== 'forgot' : route.public));
  it.each(shown.map((route) => ({ route, address: sampleAddress(route) })))('$address has no violation', async ({ route, address }) => {
    const shownAs = await settled(page, address, route.name);
    // The page itself, or (where the role or the server refuses it) the 'Sem acesso' page.
    expect(role && !mayOpen(route, role) ? ['forbidden'] : [route.name, 'forbidden']).toContain(shownAs);
    expect(await axeViolations(page)).toEqual([]);
  });
});
