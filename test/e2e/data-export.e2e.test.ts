import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';

// Configuração › Dados in the browser against the real server: an administrator exports
// everything and downloads the zip (the server test checks its contents in full).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the whole export', () => {
  it('lets an administrator export everything on /configuracao/dados and download the zip', async () => {
    const page = await h.loginAs('admin');
    await page.goto('/configuracao/dados');
    const element = page.locator('associa-data-export');
    await element.getByRole('button', { name: 'Exportar tudo' }).click();
    await element.getByText('A exportação está pronta.').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), element.locator('[data-export-download]').click()]);
    expect(download.suggestedFilename()).toMatch(/^associa-exportacao-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await readFile((await download.path()))));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json']!).toString('utf8')) as { resources: { name: string; count: number }[] };
    const members = manifest.resources.find((r) => r.name === 'members')!;
    expect(members.count).toBeGreaterThan(0);
    expect(Buffer.from(entries['csv/members.csv']!).toString('utf8').startsWith('\uFEFFIdentificador;')).toBe(true);
    // The run is listed among the last exports, done.
    await element.locator('[data-export-runs] tr[data-state="done"]').first().waitFor();
    expect(page.problems).toEqual([]);
  });
});
