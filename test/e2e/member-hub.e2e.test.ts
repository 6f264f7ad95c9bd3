// The member's page as a hub, on the real server with the demo data, in Chromium: a member with
// debts, payments and their receipts, a card and messages, every section showing them, the
// page named after the member, the actions opening with the member chosen; a screenshot for
// people to look at, on a laptop and on a phone (no amount cut off).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountsInView } from './support/amounts.js';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Member {
  _id: number;
  number: number;
  name: string;
  email: string | null;
}
interface Statement {
  lines: { kind: string; receipt?: { _id: number; number: string } }[];
}

const EURO = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** A demo member who owes something today, has paid before with a receipt, and has an e-mail address. */
async function memberWithHistory(): Promise<{ member: Member; receipt: string }> {
  const owing = await h.api<{ member: number }[]>('GET', 'member_balances?_open_total_gte=1&_limit=100');
  for (const { member: id } of owing) {
    const member = await h.api<Member>('GET', `members/${id}`);
    if (!member.email) continue;
    const statement = await h.api<Statement>('GET', `members/${id}/statement`);
    const receipt = statement.lines.find((line) => line.kind === 'payment' && line.receipt)?.receipt;
    if (receipt) return { member, receipt: receipt.number };
  }
  throw new Error('The demo has no member who owes, has paid with a receipt and has an e-mail address');
}

describe('the member’s page, a hub', () => {
  it('names the member and shows their debts, payments with receipts, card, messages and applications, with the actions', async () => {
    const { member, receipt } = await memberWithHistory();
    // A card and a message of their own, made the way staff make them.
    const cards = await h.api<{ code: string; state: string }[]>('GET', `membership_cards?_member=${member._id}&_sort=-issued_at`);
    const card = cards.find((c) => c.state === 'active') ?? (await h.api<{ code: string }>('POST', 'membership_cards/issue', { member: member._id }));
    await h.api('POST', 'payment_links/hand_over', { member: member._id, way: 'email' });

    const page = await h.loginAs('admin');
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.goto(`/socios/${member._id}`);
    await shownRoute(page, 'membersEdit');

    // Named after the member: the heading and the document's title.
    const title = `${member.name} (n.º ${member.number})`;
    await expect.poll(() => page.locator('h1').innerText()).toBe(title);
    expect(await page.title()).toContain(title);
    await page.locator(`[data-member-heading="${member._id}"]`).getByText(`Sócio n.º ${member.number}`).waitFor();

    // Standing with its amount; the record's form as before.
    await expect.poll(async () => EURO(await page.locator(`[data-member-standing="${member._id}"]`).innerText())).toMatch(/Em atraso \(\d+ anos?, [\d ]+,\d\d €\)/);
    await page.locator('associa-resource-form').getByRole('button', { name: /Guardar/ }).first().waitFor();
    await page.locator(`[data-member-files="${member._id}"]`).first().waitFor();

    // Each section, under its heading, with real data.
    const section = (name: string) => page.getByRole('region', { name });
    const debts = section('Dívidas em aberto');
    await debts.locator('[data-debt]').first().waitFor();
    expect(EURO(await debts.locator('[data-total="owed"]').innerText())).toMatch(/Total em dívida\s+[\d ]+,\d\d €/);
    const payments = section('Pagamentos e recibos');
    await payments.getByRole('link', { name: receipt, exact: true }).waitFor();
    expect(EURO(await payments.locator('[data-payment]').first().innerText())).toMatch(/\d\d\/\d\d\/\d{4}[\s\S]*[\d ]+,\d\d €/);
    const cardSection = section('Cartão');
    await cardSection.getByText(card.code, { exact: true }).waitFor();
    await cardSection.locator('associa-card-actions').getByRole('button', { name: 'Descarregar PDF' }).waitFor();
    const messages = section('Mensagens enviadas');
    await messages.locator('[data-message]').first().waitFor();
    expect(await messages.locator('[data-message]').count()).toBeGreaterThan(0);
    await section('Candidaturas').locator('[data-member-applications]').waitFor();
    await h.screenshot(page, 'member-hub', { fullPage: true });

    // The actions open the existing elements with the member chosen.
    const actions = page.getByRole('group', { name: 'Ações' });
    await actions.getByRole('button', { name: 'Registar pagamento' }).click();
    await page.locator(`[data-action-panel="record"] associa-payment-debts[member-id="${member._id}"]`).getByRole('button', { name: /Registar/ }).first().waitFor();
    await actions.getByRole('button', { name: 'Emitir cartão' }).waitFor();
    await actions.getByRole('button', { name: 'Enviar mensagem' }).click();
    expect(await page.getByRole('link', { name: `Escrever a ${member.email}` }).getAttribute('href')).toBe(`mailto:${member.email}`);

    // On a phone every amount is whole on screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/socios/${member._id}`);
    await section('Pagamentos e recibos').locator('[data-payment]').first().waitFor();
    await section('Dívidas em aberto').locator('[data-debt]').first().waitFor();
    const amounts = await amountsInView(page);
    expect(amounts.cells).toBeGreaterThan(0);
    expect(amounts.problems).toEqual([]);
    await h.screenshot(page, 'member-hub-phone', { fullPage: true });

    expect(page.problems).toEqual([]);
    expect(page.failedResponses).toEqual([]);
  });
});
