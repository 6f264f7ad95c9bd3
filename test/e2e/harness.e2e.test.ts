import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the end-to-end harness', () => {
  it('serves the host from the real server in test mode and logs in through the API', async () => {
    const health = await (await fetch(`${h.baseUrl}/api/`)).json();
    expect(health).toMatchObject({ status: 'ok', mode: 'test' });
    const page = await h.newPage();
    await page.goto('/');
    await page.waitForURL('**/autorizacao/entrar');
    await expect.poll(() => page.title()).toMatch(/^Entrar \| /);
    const admin = await h.loginAs('admin');
    await admin.goto('/adminHome');
    await admin.waitForURL('**/socios');
    expect(admin.problems).toEqual([]);
    // No request the server cannot answer: document statuses are asked for only once the
    // explainer lists them (treasury).
    expect(admin.failedResponses.filter((r) => !/\/favicon\.ico /.test(r))).toEqual([]);
  });
});
