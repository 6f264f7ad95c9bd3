import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lisbonDay } from '../../src/core/days.js';
import { startHarness, type E2ePage, type Harness } from './support/harness.js';
import { pdfText } from './support/pdf-text.js';
import { shownRoute } from './support/routes.js';
import { startSmtp, type LocalSmtp } from './support/smtp.js';

// A general assembly end to end (issue 33), on a real association's first start (no demo
// members: the test decides who the associates are). Staff create the assembly and its agenda,
// send the convocation (e-mails caught by a local SMTP server, letters in one PDF, the proof
// lists everyone), open the session, check people in by card, by name and by representation
// while a second browser's quorum panel follows over realtime, vote the three items by typed
// hand counts (the statute change failing at 3/4 of those present), make the minutes final
// and find the figures in the PDF; the member then sees the convocation and the minutes on
// their home.

let h: Harness;
let smtp: LocalSmtp;
let token = '';

const CHAIR = 'Maria Helena Duarte';
const TITLE = 'Assembleia Geral Ordinária: relatório, estatutos e eleições';
const ITEMS = [
  { title: 'Aprovação do relatório e contas', majority: 'Maioria absoluta dos presentes' },
  { title: 'Alteração do artigo 5.º dos estatutos', majority: 'Alteração dos estatutos' },
  { title: 'Eleição dos órgãos sociais', majority: 'Eleição' },
] as const;

/** Twenty associates: the first twelve get cards, the last three have no e-mail (a letter each). */
const PEOPLE = [
  'Ana Beatriz Carvalho', 'Bruno Miguel Teixeira', 'Carla Sofia Antunes', 'Diogo Filipe Moreira',
  'Eduarda Marques Pinto', 'Fernando José Calado', 'Gabriela Rocha Nunes', 'Henrique Vaz Barroso',
  'Inês Martins Quintela', 'Jorge Alves Serrano', 'Leonor Farinha Castro', 'Manuel Tavares Brito',
  'Natália Gomes Reis', 'Octávio Lemos Faria', 'Patrícia Sousa Lobo', 'Quirino Dias Amaral',
  'Rosa Meireles Cunha', 'Salvador Pacheco Leite', 'Teresa Valente Frade', 'Vasco Ribeiro Matos',
];
const LETTERS = PEOPLE.slice(17);
const MEMBER_LOGIN = { username: 'natalia.reis', password: 'uma-senha-longa-da-natalia' };

interface Associate {
  _id: number;
  name: string;
  code?: string;
}
const people: Associate[] = [];

async function call<T>(method: string, path: string, body?: unknown, bearer = token): Promise<T> {
  const response = await fetch(`${h.baseUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function pdf(path: string): Promise<string> {
  const response = await fetch(`${h.baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  // Lines as drawn, joined: a sentence wrapped over two lines is read whole.
  return pdfText(Buffer.from(await response.arrayBuffer())).join(' ').replace(/\s+/g, ' ');
}

/** A day `days` from today, in Lisbon. */
const daysAhead = (days: number) => lisbonDay(Date.now() + days * 86_400_000);

beforeAll(async () => {
  smtp = await startSmtp();
  h = await startHarness({ production: true, smtpUrl: smtp.url });
  await h.server.setSettings({
    hasAssemblies: 'true',
    SendMessages: 'true',
    assemblyChairName: CHAIR,
    assemblyProxies: 'true',
    assemblyPublishMinutes: 'true',
    // Cards valid for years from issue: this is about the assembly, not the ledger.
    cardValidityRule: 'years',
  });
  token = (await h.server.tokensFor('admin')).access;
  // A category without a fee schedule: nobody owes anything, all twenty are in full rights.
  const category = await call<{ _id: number }>('POST', 'fee_categories', { name: 'Efetivo' });
  for (const [index, name] of PEOPLE.entries()) {
    const address = index >= 17 ? { address: `Rua das Flores, ${index + 1}`, postal_code: '3000-100', locality: 'Coimbra' } : { email: `socio${index + 1}@exemplo.pt` };
    const member = await call<{ _id: number }>('POST', 'members', { name, admission_date: '2020-01-15', fee_category: category._id, ...address });
    people.push({ _id: member._id, name });
  }
  for (const person of people.slice(0, 12)) person.code = (await call<{ code: string }>('POST', 'membership_cards/issue', { member: person._id })).code;
  await call('POST', 'users', { username: MEMBER_LOGIN.username, name: 'Natália Reis', role: 'member', member: people[12]!._id, password: MEMBER_LOGIN.password });
}, 120_000);

afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

const manager = (page: Page) => page.locator('associa-assembly-manager');
const session = (page: Page) => page.locator('associa-assembly-session');
const count = (page: Page, name: string) => session(page).locator(`[data-count="${name}"]`).textContent();

describe('a general assembly', () => {
  it('is convened, held with a live quorum, voted and minuted; the member sees it on their home', async () => {
    const page = await h.loginAs('admin');

    // 1. The assembly, its agenda and the convocation.
    await page.goto('/assembleias/nova');
    await shownRoute(page, 'assembliesNew');
    const form = page.locator('associa-resource-form');
    await form.locator('[name="kind"]').selectOption({ label: 'Ordinária' });
    await form.locator('[name="title"]').fill(TITLE);
    await form.locator('[name="date"]').fill(daysAhead(12));
    await form.locator('[name="time"]').fill('21:00');
    await form.locator('[name="place"]').fill('Sede da associação, Rua Direita, 10, Coimbra');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/assembleias\/\d+$/);
    const id = Number(/\/assembleias\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

    for (const [index, item] of ITEMS.entries()) {
      await manager(page).locator('[data-add-item]').click();
      const itemForm = manager(page).locator('[data-item-form]');
      await itemForm.getByRole('textbox', { name: 'Título' }).fill(item.title);
      await itemForm.getByLabel('Maioria exigida').selectOption({ label: item.majority });
      await itemForm.getByRole('button', { name: 'Acrescentar' }).click();
      await expect.poll(() => manager(page).locator('li[data-item]').count()).toBe(index + 1);
    }
    await manager(page).locator('[data-recipients]').filter({ hasText: '20 associados' }).waitFor();
    await manager(page).locator('[data-send]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar convocatória' }).click();
    await manager(page).locator('[data-convocation="sent"]').waitFor();

    // Seventeen e-mails through the outbox to the local SMTP server; three letters in one PDF.
    await expect.poll(() => smtp.delivered.length, { timeout: 30_000 }).toBe(17);
    expect(smtp.delivered.flatMap((mail) => mail.to).sort()).toEqual(PEOPLE.slice(0, 17).map((_, i) => `socio${i + 1}@exemplo.pt`).sort());
    // The notice as the associate reads it: the agenda and the chair's signature.
    const notice = await PostalMime.parse(smtp.delivered[0]!.raw);
    for (const words of [...ITEMS.map((item) => item.title), CHAIR, '21:00']) expect(notice.text).toContain(words);
    const letters = await pdf(`assemblies/${id}/letters.pdf`);
    for (const name of LETTERS) expect(letters).toContain(name);
    expect(letters).toContain(ITEMS[1].title);

    await page.goto(`/assembleias/${id}/prova`);
    const proof = page.locator('associa-assembly-proof');
    await expect.poll(() => proof.locator('tr[data-proof-row]').count(), { timeout: 15_000 }).toBe(20);
    for (const name of LETTERS) await proof.locator('tr[data-proof-row]').filter({ hasText: name }).filter({ hasText: 'Carta' }).waitFor();

    // 2. The session: a second browser watches the quorum panel while the door checks people in.
    await page.goto(`/assembleias/${id}/sessao`);
    await session(page).locator('[data-open-session]').click();
    const scan = session(page).getByLabel('Cartão', { exact: true });
    await scan.waitFor();
    const watcher = await h.loginAs('admin');
    await watcher.goto(`/assembleias/${id}/sessao`);
    await expect.poll(() => count(watcher, 'counted'), { timeout: 15_000 }).toBe('0');
    expect(await count(watcher, 'associates')).toBe('20');
    expect(await session(watcher).locator('[data-quorum-met]').getAttribute('data-quorum-met')).toBe('false');

    const cards = people.slice(0, 12);
    await scan.focus();
    for (const person of cards.slice(0, 5)) {
      await page.keyboard.type(person.code!);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => count(watcher, 'counted'), { timeout: 15_000 }).toBe('5');
    expect(await session(watcher).locator('[data-quorum-met]').textContent()).toBe('Sem quórum: faltam 5');
    for (const person of cards.slice(5)) {
      await page.keyboard.type(`${h.baseUrl}/v/${person.code!}`);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => count(watcher, 'counted'), { timeout: 15_000 }).toBe('12');
    expect(await session(watcher).locator('[data-quorum-met]').textContent()).toBe('Há quórum');

    // Two without a card, by name; one represented by an associate present.
    const picker = session(page).locator('[data-member-picker]');
    const byName = async (person: Associate) => {
      await picker.locator('input').fill(person.name);
      await picker.getByRole('button', { name: new RegExp(person.name) }).click();
      await session(page).locator(`tr[data-attendee="${person._id}"]`).waitFor();
      // The search is empty again, ready for the next person.
      expect(await picker.locator('input').inputValue()).toBe('');
    };
    await byName(people[12]!);
    await byName(people[13]!);
    await session(page).getByLabel('Representado por').selectOption({ label: people[0]!.name });
    await byName(people[14]!);
    expect(await session(page).locator(`tr[data-attendee="${people[14]!._id}"]`).getAttribute('data-via')).toBe('proxy');
    await expect.poll(() => count(watcher, 'counted'), { timeout: 15_000 }).toBe('15');
    expect([await count(watcher, 'present'), await count(watcher, 'represented')]).toEqual(['14', '1']);
    await h.screenshot(watcher, 'assembly-quorum-panel');

    // 3. The votes, by typed hand counts.
    const votes: [number, number, number][] = [[12, 2, 1], [10, 5, 0], [9, 4, 2]];
    const items = await call<{ _id: number; title: string }[]>('GET', `assemblies/${id}/assembly_items?_sort=position`);
    const results: string[] = [];
    for (const [index, item] of items.entries()) {
      const row = session(page).locator(`li[data-item="${item._id}"]`);
      await row.getByRole('button', { name: 'Abrir votação' }).click();
      const [votesFor, against, abstentions] = votes[index]!;
      await row.locator('[data-count-field="votes_for"]').fill(String(votesFor));
      await row.locator('[data-count-field="votes_against"]').fill(String(against));
      await row.locator('[data-count-field="abstentions"]').fill(String(abstentions));
      await row.getByRole('button', { name: 'Encerrar votação' }).click();
      const result = row.locator('[data-result]');
      await result.waitFor();
      results.push((await result.textContent()) ?? '');
    }
    expect(await session(page).locator('[data-result]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-result')))).toEqual(['approved', 'rejected', 'approved']);
    expect(results[0]).toMatch(/^Aprovado.*12 de 15/);
    expect(results[1]).toMatch(/^Rejeitado.*3\/4.*10/);
    expect(results[2]).toMatch(/^Aprovado/);
    await session(page).locator(`li[data-item="${items[1]!._id}"]`).scrollIntoViewIfNeeded();
    await h.screenshot(page, 'assembly-vote-result');

    // 4. The minutes: the draft from what was recorded, made final; the figures in the PDF.
    await page.goto(`/assembleias/${id}/ata`);
    const minutes = page.locator('associa-assembly-minutes');
    await minutes.getByRole('button', { name: 'Gerar rascunho' }).click();
    await expect.poll(() => minutes.getByLabel('Texto da ata').inputValue()).toContain(ITEMS[1].title);
    await minutes.getByRole('button', { name: 'Tornar a ata final' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tornar a ata final' }).click();
    await minutes.locator('[data-minutes-final="true"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.screenshot(page, 'assembly-minutes-page');
    const minutesText = await pdf(`assemblies/${id}/minutes.pdf`);
    for (const figure of [TITLE, CHAIR, ...results]) expect(minutesText).toContain(figure);
    expect(minutesText).toContain('dos 20 associados, 20 com direito a voto na data de referência, estiveram presentes 14 e representados 1, contando 15');
    expect(minutesText).toContain('Votação: a favor 10, contra 5, abstenções 0.');

    // 5. The member's home: the convocation with its agenda, and the published minutes.
    const auth = await fetch(`${h.baseUrl}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MEMBER_LOGIN) });
    expect(auth.status).toBe(200);
    const tokens = (await auth.json()) as { access: string; refresh: string };
    const member: E2ePage = await h.newPage();
    await member.goto('/api/');
    await member.evaluate((pair) => {
      window.localStorage.setItem('access', pair.access);
      window.localStorage.setItem('refresh', pair.refresh);
    }, tokens);
    await member.goto('/dashboard');
    await shownRoute(member, 'memberHome');
    const own = member.locator(`[data-own-assembly="${id}"]`);
    await own.waitFor({ timeout: 15_000 });
    expect(await own.locator('[data-agenda] li').allTextContents()).toEqual(ITEMS.map((item) => item.title));
    await own.locator('[data-minutes-pdf]').waitFor();
    const ownMinutes = await fetch(`${h.baseUrl}/api/own/assemblies/${id}/minutes.pdf`, { headers: { authorization: `Bearer ${tokens.access}` } });
    expect(ownMinutes.status).toBe(200);

    for (const p of [page, watcher, member]) {
      expect(p.problems).toEqual([]);
      // No refusal on the way: every step above was accepted by the server.
      expect(p.failedResponses).toEqual([]);
    }
  }, 180_000);
});
