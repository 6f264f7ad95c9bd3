import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';

// The pages people read (issue 30), on the demo data in Chromium: an application's page shows
// what the applicant wrote as text, the consent by its date and words (no hash), the probable
// duplicate beside the applicant (no bare "0"/"1" count), and after Aceitar the decision without
// "alterado por outra pessoa"; the welcome message it queued opens as the message as sent.

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

interface Application {
  _id: number;
  name: string;
  nif: string | null;
  consent_version: string | null;
  state: string;
}

/** The page's text as a person reads it, shadow roots included. */
const pageText = (page: E2ePage) =>
  page.evaluate(() => {
    const read = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      const element = node as Element;
      if (element.localName === 'script' || element.localName === 'style') return '';
      const own = [...node.childNodes].map(read).join(' ');
      return element.shadowRoot ? `${[...element.shadowRoot.childNodes].map(read).join(' ')} ${own}` : own;
    };
    return read(document.body).replace(/\s+/g, ' ');
  });

/**
 * Known and reported (issue 30 hand-over): the sandboxed frame's srcdoc inherits the back
 * office's CSP, so the e-mail's own inline styles are refused in the preview. Only that refusal
 * is set aside on the message page; any other problem fails.
 */
const withoutFramedStyleRefusal = (problems: string[]) => problems.filter((p) => !/^console: Applying inline style violates the following Content Security Policy directive 'style-src/.test(p));

/** Inputs of the read view outside any dialog (the reject reason waits in its closed one). */
const inputsOf = (page: E2ePage, tag: string) =>
  page.locator(tag).evaluate((element) => [...(element.shadowRoot?.querySelectorAll('input, select, textarea') ?? [])].filter((c) => !c.closest('dialog')).length);

describe("an application's and a message's pages", () => {
  it('read as documents, and Aceitar leaves no "changed by someone else"', async () => {
    // The demo's open application that shares a member's NIF.
    const open = await h.api<Application[]>('GET', 'member_applications?_duplicated=sim&state=email_confirmed&_limit=20');
    const application = open.find((a) => a.state === 'email_confirmed')!;
    expect(application, 'the demo has an open application with a probable duplicate').toBeDefined();
    expect(application.consent_version).toMatch(/^[0-9a-f]{16}$/);

    const staff = await h.loginAs('editor');
    await staff.goto(`/candidaturas/${application._id}`);
    const view = staff.locator('associa-application');
    await view.locator('[data-part="applicant"] dd').first().waitFor({ timeout: 20_000 });
    await view.locator('[data-twin^="member-"]').first().waitFor({ timeout: 20_000 });
    await view.locator('[data-consent-text] summary').waitFor({ timeout: 20_000 });
    await staff.locator('[data-photo] img').waitFor({ timeout: 20_000 });

    const before = await pageText(staff);
    expect(before).toContain(application.name);
    expect(before).toMatch(/Consentimento aceite em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(before).toContain('Texto aceite: o texto em vigor');
    expect(before).not.toContain(application.consent_version!);
    expect(before).not.toMatch(/\b[0-9a-f]{16}\b/);
    expect(before).not.toContain('Possível duplicado');
    expect(before).not.toContain('Versão do consentimento');
    // The duplicate beside the applicant: the same NIF, marked, and linked to the member.
    const twin = view.locator('[data-twin^="member-"]').first();
    expect(await twin.locator('caption').innerText()).toMatch(/sócio n\.º \d+ \(.*Mesmo NIF/);
    expect(await twin.locator('td[data-same]').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining(application.nif!)]));
    expect(await twin.locator('caption a').getAttribute('href')).toMatch(/^\/socios\/\d+$/);
    // Read as text: the applicant's data is no form.
    expect(await inputsOf(staff, 'associa-application')).toBe(0);
    expect(await view.getByRole('link', { name: 'Corrigir dados' }).getAttribute('href')).toBe(`/candidaturas/${application._id}/editar`);
    // Deleting the photo is a small secondary action, not a full-width red bar.
    const remove = staff.getByRole('button', { name: 'Apagar fotografia' });
    const photo = staff.locator('[data-photo] img');
    expect((await remove.boundingBox())!.width).toBeLessThan(260);
    expect((await photo.boundingBox())!.width).toBeGreaterThan(100);
    await h.screenshot(staff, 'application-view', { fullPage: true });

    await view.locator('[data-decision]').getByRole('button', { name: 'Aceitar' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Aceitar' }).click();
    const newMember = view.locator('[data-new-member]');
    await newMember.waitFor({ timeout: 20_000 });
    await expect.poll(() => view.locator('[data-fact="decided_by"] dd').textContent(), { timeout: 15_000 }).toBeTruthy();
    await expect.poll(() => view.locator('[data-state]').textContent(), { timeout: 15_000 }).toBe('Aceite');
    // The change the accept announced over realtime reached the page (its own, not someone else's).
    const decided = await h.api<{ _version: number; member: number }>('GET', `member_applications/${application._id}`);
    expect(decided.member).toBeGreaterThan(0);
    const after = await pageText(staff);
    expect(after).not.toContain('alterado por outra pessoa');
    expect(after).toMatch(/Decidida em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await h.screenshot(staff, 'application-view-accepted', { fullPage: true });
    expect(staff.problems).toEqual([]);
    expect(staff.failedResponses).toEqual([]);

    // The welcome message the accept queued, read as the message as sent.
    const [welcome] = await h.api<{ _id: number; subject: string; recipient: string }[]>('GET', `messages?_sort=-created_at&_limit=1`);
    expect(welcome).toBeDefined();
    await staff.goto(`/mensagens/${welcome!._id}`);
    const message = staff.locator('associa-message');
    await message.locator('h2[data-subject]').waitFor({ timeout: 20_000 });
    expect(await message.locator('h2[data-subject]').innerText()).toBe(welcome!.subject);
    expect(await message.locator('[data-fact="recipient"] dd').innerText()).toBe(welcome!.recipient);
    expect(await message.locator('[data-fact="status"] dd').innerText()).toMatch(/^(Por enviar|A enviar|Enviada|Não foi possível enviar)$/);
    expect(await message.locator('[data-fact="created_at"] dd').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await message.locator('iframe[data-message-html], [data-message-text]').first().waitFor();
    expect(await inputsOf(staff, 'associa-message')).toBe(0);
    expect(await pageText(staff)).not.toMatch(/\b[0-9a-f]{16}\b/);
    await h.screenshot(staff, 'message-view', { fullPage: true });
    expect(withoutFramedStyleRefusal(staff.problems)).toEqual([]);
    expect(staff.failedResponses).toEqual([]);
  });

  it('fit a phone: no sideways scroll on an application or a message', async () => {
    const staff = await h.loginAs('editor');
    await staff.setViewportSize({ width: 375, height: 812 });
    const [application] = await h.api<Application[]>('GET', 'member_applications?_duplicated=sim&_limit=1');
    await staff.goto(`/candidaturas/${application!._id}`);
    await staff.locator('associa-application [data-part="applicant"] dd').first().waitFor({ timeout: 20_000 });
    await staff.locator('associa-application [data-part="duplicates"] table, associa-application [data-no-duplicates]').first().waitFor({ timeout: 20_000 });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await h.screenshot(staff, 'application-view-phone', { fullPage: true });
    expect(staff.problems).toEqual([]);
    const [message] = await h.api<{ _id: number }[]>('GET', 'messages?_limit=1');
    await staff.goto(`/mensagens/${message!._id}`);
    await staff.locator('associa-message h2[data-subject]').waitFor({ timeout: 20_000 });
    expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await h.screenshot(staff, 'message-view-phone', { fullPage: true });
    expect(withoutFramedStyleRefusal(staff.problems)).toEqual([]);
  });
});
