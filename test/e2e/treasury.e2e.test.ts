import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { pdfText } from './support/pdf-text.js';
import { startHarness, type Harness } from './support/harness.js';

// Treasury end to end (issue 14's "done when"): staff record a payment through the host's pages
// and its receipt appears in the treasury list with the series' next number; its PDF holds the
// member's name, NIF, the amount and the number; two documents get a status in bulk; and the two
// download merged into one PDF for printing.

let h: Harness;
let member: { _id: number; number: number; name: string };
const NAME = 'Leonor Quintela Recibo';
const NIF = '245601236';
const year = new Date().getFullYear();

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

interface Doc {
  _id: number;
  number: string;
  status: number | null;
}

/** The documents, newest first. */
const latestDocs = (limit: number) => api<Doc[]>('GET', `treasury_docs?_sort=-_id&_limit=${limit}`);

async function pdfOf(download: Download): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return pdfText(Buffer.concat(chunks));
}

beforeAll(async () => {
  h = await startHarness();
  await h.server.setSettings({ hasTreasury: 'true' });
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  member = await api('POST', 'members', { name: NAME, nif: NIF, address: 'Rua das Flores 12', postal_code: '4000-123', locality: 'Porto', state: states.find((s) => !s.marksEnd)!._id, dues_exempt: true });
  await api('POST', 'unsettled_payments/raise', { member: member._id, kind: 'quota', year, amount: 3150, due_date: `${year}-03-31`, description: `Quota ${year}` });
});
afterAll(async () => {
  await h?.close();
});

describe('treasury, end to end', () => {
  it('a payment recorded in the browser gets its receipt, numbered next in its series, whose PDF names the member, NIF, amount and number', async () => {
    const [before] = await latestDocs(1);
    const staff = await h.loginAs('admin');
    await staff.goto('/quotas/pagamentos/novo');
    await staff.getByRole('searchbox', { name: 'Escolha o sócio' }).fill(NAME);
    await staff.getByRole('button', { name: `N.º ${member.number} — ${NAME}` }).click();
    const debts = staff.locator('associa-payment-debts');
    await debts.getByRole('checkbox', { name: `Selecionar Quota ${year}` }).check();
    await debts.getByRole('button', { name: 'Registar pagamento' }).click();
    await debts.getByLabel('Meio de pagamento').selectOption('transferencia');
    await debts.getByRole('button', { name: 'Registar', exact: true }).click();
    await staff.waitForURL(/\/pagamentos\/\d+$/);

    const [receipt] = await latestDocs(1);
    expect(receipt!._id).toBeGreaterThan(before?._id ?? 0);
    const series = /^R (\d{4})\/(\d+)$/.exec(receipt!.number)!;
    expect(series[1]).toBe(String(year));
    // The demo has this year's receipts: the new one comes right after the last of them.
    const previous = (await api<Doc[]>('GET', `treasury_docs?_type=quota&_sort=-_id&_limit=2`))[1]!;
    expect(previous.number).toMatch(new RegExp(`^R ${year}/\\d+$`));
    expect(Number(series[2])).toBe(Number(previous.number.split('/')[1]) + 1);

    // The list finds it by its number; its page downloads its PDF.
    await staff.goto('/tesouraria');
    const list = staff.locator('associa-resource-list');
    await list.getByRole('searchbox').fill(receipt!.number);
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
    expect(await list.locator('tbody tr').innerText()).toContain(NAME);
    await h.screenshot(staff, 'treasury-list', { fullPage: true });
    await list.locator('tbody tr').getByRole('link', { name: receipt!.number }).click();
    await staff.waitForURL(`**/tesoouraria/${receipt!._id}`);
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Descarregar o PDF' }).click()]);
    const text = (await pdfOf(download)).join('\n');
    expect(text).toContain(`Recibo de quota n.º ${receipt!.number}`);
    expect(text).toContain(NAME);
    expect(text).toContain(NIF);
    expect(text).toContain('31,50 €');
    expect(text).toContain('Documento não fiscal');
    expect(staff.problems).toEqual([]);
  });

  it('sets the status of two documents in bulk, and downloads them merged for printing', async () => {
    const [first, second] = await latestDocs(2);
    const statuses = await api<{ _id: number; name: string }[]>('GET', 'document_statuses?_limit=-1');
    const sent = statuses.find((s) => s.name === 'enviado')!;
    const staff = await h.loginAs('admin');
    await staff.goto('/tesouraria');
    const list = staff.locator('associa-resource-list');
    for (const doc of [first!, second!]) await list.locator('tbody tr', { hasText: doc.number }).getByRole('checkbox').check();
    const actions = staff.locator('[data-treasury-selection]');
    await expect.poll(() => actions.locator('[data-picked-count]').innerText()).toBe('2 documentos escolhidos');
    await actions.getByLabel('Estado').selectOption(String(sent._id));
    await actions.getByRole('button', { name: 'Mudar estado' }).click();
    await actions.getByText('Estado mudado em 2 documentos.').waitFor();
    for (const doc of [first!, second!]) expect((await api<Doc>('GET', `treasury_docs/${doc._id}`)).status).toBe(sent._id);

    const [download] = await Promise.all([staff.waitForEvent('download'), actions.getByRole('button', { name: 'Descarregar juntos para impressão' }).click()]);
    const text = (await pdfOf(download)).join('\n');
    for (const doc of [first!, second!]) expect(text).toContain(doc.number);
    expect(staff.problems).toEqual([]);
  });

  it('issues a manual receipt to a named payer on /tesouraria/novo, with the next number, and opens it', async () => {
    const [last] = await api<Doc[]>('GET', `treasury_docs?_type=quota&_sort=-_id&_limit=1`);
    const staff = await h.loginAs('admin');
    await staff.goto('/tesouraria/novo');
    await staff.getByRole('radio', { name: 'Recibo avulso' }).check();
    const form = staff.getByRole('form', { name: 'Emitir um recibo avulso' });
    await form.getByRole('radio', { name: 'Outra pessoa ou entidade' }).check();
    await form.getByLabel('Nome').fill('Clube Recreativo Avulso');
    await form.getByLabel('NIF').fill(NIF);
    await form.getByLabel('Descrição da linha 1').fill(`Quota ${year}`);
    await form.getByLabel('Valor da linha 1 (€)').fill('12,50');
    await form.getByRole('button', { name: 'Emitir recibo' }).click();
    const number = `R ${year}/${Number(last!.number.split('/')[1]) + 1}`;
    await form.getByText(`Foi emitido o recibo ${number}.`).waitFor();
    await h.screenshot(staff, 'treasury-manual-receipt', { fullPage: true });
    await form.getByRole('link', { name: 'Abrir o documento' }).click();
    await staff.waitForURL(/\/tesoouraria\/\d+$/);
    const [doc] = await latestDocs(1);
    expect(doc!.number).toBe(number);
    expect(staff.url()).toContain(`/tesoouraria/${doc!._id}`);
    expect(staff.problems).toEqual([]);
  });
});
