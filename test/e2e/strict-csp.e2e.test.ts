// Strict style policies: the back office's own (no 'unsafe-inline') and an association
// website's (demo/strict-csp.html: `style-src 'self'`, nothing inline). No page breaks a rule
// of its policy, and elements look as they do on a page without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo, type DemoSite } from './support/demo-site.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { ROUTES, sampleAddress, shownRoute } from './support/routes.js';

let h: Harness;
let site: DemoSite;

beforeAll(async () => {
  h = await startHarness();
  site = await serveDemo(h.baseUrl);
});
afterAll(async () => {
  await site?.close();
  await h?.close();
});

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records, from the first script of every page the tab opens, each rule of its policy broken. */
async function watchPolicy(page: E2ePage): Promise<void> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

const violations = (page: E2ePage) => page.evaluate(() => window.cspViolations ?? ['the watch never ran']);
function address(name: string): string {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return sampleAddress(route);
}

// --associa-color-primary's default, #1d4f91.
const PRIMARY = 'rgb(29, 79, 145)';

describe("the back office's own policy", () => {
  it('allows no inline style but the host page\'s own, by hash', async () => {
    const csp = (await fetch(`${h.baseUrl}/autorizacao/entrar`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('is kept by the main pages, which keep their styles', async () => {
    const visitor = await h.newPage();
    await watchPolicy(visitor);
    await visitor.goto(address('login'));
    const enter = visitor.getByRole('button', { name: 'Entrar' });
    await enter.waitFor();
    expect(await enter.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(PRIMARY);
    expect(await violations(visitor)).toEqual([]);
    expect(visitor.problems).toEqual([]);

    const admin = await h.loginAs('admin');
    await watchPolicy(admin);
    for (const name of ['membersList', 'membersEdit', 'memberSettings']) {
      await admin.goto(address(name));
      await shownRoute(admin, name);
      const main = admin.locator('main#main');
      // The shell's own styled-components rules: the main column is at most 80rem wide (the
      // root font size is the user's choice, set through CSSOM, which the policy allows).
      const widths = await main.evaluate((el) => [getComputedStyle(el).maxWidth, `${parseFloat(getComputedStyle(document.documentElement).fontSize) * 80}px`]);
      expect(widths[0], name).toBe(widths[1]);
      const firstButton = main.getByRole('button').first();
      await firstButton.waitFor();
      expect(await firstButton.evaluate((el) => getComputedStyle(el).borderTopStyle), name).toBe('solid');
      expect(await violations(admin), name).toEqual([]);
    }
    expect(admin.problems).toEqual([]);
  });
});

describe('an association website with a strict policy (demo/strict-csp.html)', () => {
  it('shows the elements exactly as the same page without the policy, and keeps to it', async () => {
    async function loginLinkOn({ withPolicy }: { withPolicy: boolean }) {
      const page = await h.newPage();
      await watchPolicy(page);
      // Without its policy, the same page laid out the same, to the subpixel (see serveDemo).
      await page.goto(`${site.url}strict-csp.html${withPolicy ? '' : '?without-policy'}`);
      await page.getByText('Aplicação em modo de testes. Toda a informação é fictícia.').waitFor();
      const element = page.locator('associa-login-link');
      await element.getByRole('button', { name: 'Enviar ligação' }).waitFor();
      const policy = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null);
      return { page, element, policy };
    }
    const normal = await loginLinkOn({ withPolicy: false });
    const strict = await loginLinkOn({ withPolicy: true });
    expect(normal.policy).toBe(null);
    expect(strict.policy).toContain("style-src 'self';");

    // The site's theme tokens (site.css) reach the element: its button in the site's green, #2f5d50.
    const button = strict.element.getByRole('button', { name: 'Enviar ligação' });
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(47, 93, 80)');
    // Same pixels, same PNG bytes.
    const [without, under] = [await normal.element.screenshot(), await strict.element.screenshot()];
    expect(under.equals(without), 'the element looks different under the strict policy').toBe(true);
    await h.screenshot(strict.page, 'demo-strict-csp', { fullPage: true });
    expect(await violations(strict.page)).toEqual([]);
    expect(strict.page.problems).toEqual([]);
    expect(strict.page.failedResponses).toEqual([]);
  });
});
