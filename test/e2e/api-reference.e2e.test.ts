// The API reference page (/api/docs) in a real browser, with every other site unreachable:
// it draws every operation of the OpenAPI document, within its policy, and /developers links it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every request to another site is refused and remembered: the page must need none. */
async function offline(page: E2ePage): Promise<string[]> {
  const elsewhere: string[] = [];
  const origin = new URL(h.baseUrl).origin;
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
    elsewhere.push(url);
    return route.abort('internetdisconnected');
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI || 'inline'}`));
  });
  return elsewhere;
}

describe('API reference page', () => {
  it('lists every operation of the OpenAPI document, without the internet and within its policy', async () => {
    const document = (await (await fetch(`${h.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary: string }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ method, path, summary: operation.summary })),
    );
    expect(operations.length).toBeGreaterThan(50);

    const page = await h.newPage();
    const elsewhere = await offline(page);
    await page.goto('/api/docs');
    await expect(page.title()).resolves.toBe('Referência da API · Associa');
    await page.getByRole('heading', { name: 'Referência da API do Associa' }).waitFor();
    await page.locator('.opblock').first().waitFor();

    // Swagger UI draws only the operations near the viewport (a long list is virtualised):
    // scroll through the whole page, collecting each operation as it is drawn.
    const shown = new Map<string, { method: string; path: string; summary: string }>();
    for (let atEnd = false; !atEnd; ) {
      const drawn = await page.locator('.opblock').evaluateAll((blocks) =>
        blocks.map((block) => ({
          method: block.querySelector('.opblock-summary-method')?.textContent?.toLowerCase() ?? '',
          path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
          summary: block.querySelector('.opblock-summary-description')?.textContent ?? '',
        })),
      );
      for (const operation of drawn) shown.set(`${operation.method.toUpperCase()} ${operation.path}`, operation);
      atEnd = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight / 2);
        return window.scrollY === before;
      });
      // The next rows are drawn on the next frames.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    const key = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;
    expect([...shown.keys()].sort()).toEqual(operations.map(key).sort());
    for (const operation of operations) expect(shown.get(key(operation))?.summary, key(operation)).toBe(operation.summary);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The introduction explains authentication, API keys and error codes in Portuguese.
    const intro = page.locator('.information-container');
    await expect(intro.textContent()).resolves.toMatch(/Chave de API/i);
    await expect(intro.textContent()).resolves.toContain('too_many_requests');

    await h.screenshot(page, 'api-reference');

    // An operation opens with its description, its parameters explained and an example answer.
    const list = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path[data-path="/api/members"]') });
    await list.locator('.opblock-summary-control').click();
    await list.locator('.opblock-body').waitFor();
    await expect(list.locator('.opblock-description-wrapper').textContent()).resolves.toMatch(/Quem pode: administradores e editores/);
    await expect(list.locator('.parameters').textContent()).resolves.toContain('-1 devolve todos');
    await expect(list.locator('.responses-wrapper').textContent()).resolves.toContain('nome@exemplo.pt');
    // Swagger UI's own controls speak pt-PT too.
    await expect(list.textContent()).resolves.toMatch(/Parâmetros[\s\S]*Nome[\s\S]*Descrição[\s\S]*Valor por omissão/);
    await list.getByRole('button', { name: 'Experimentar' }).click();
    await list.getByRole('button', { name: 'Executar' }).waitFor();
    const english = /Try it out|Execute|Parameters|Responses|Example Value|Default value|Media type/;
    expect(await page.locator('#swagger-ui').textContent()).not.toMatch(english);
    await list.getByRole('button', { name: 'Cancelar' }).click();
    await h.screenshot(page, 'api-reference-operation');
    expect(elsewhere).toEqual([]);
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(page.problems).toEqual([]);
    expect(page.failedResponses).toEqual([]);
    // Every operation, the assemblies' too: more than the default minute on a loaded machine.
  }, 120_000);

  it('is linked once from /developers, beside one way to create a key', async () => {
    const admin = await h.loginAs('admin');
    await admin.goto('/developers');
    const link = admin.getByRole('link', { name: 'Referência da API' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/api/docs');
    expect(await admin.getByRole('link', { name: /Documentação da API|Referência da API/ }).count()).toBe(1);
    expect(await admin.getByRole('button', { name: /Nova chave/i }).count() + (await admin.getByRole('link', { name: /Nova chave/i }).count())).toBe(1);
    expect(admin.problems).toEqual([]);
  });
});
