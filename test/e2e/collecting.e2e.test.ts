import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness.js';
import { shownRoute } from './support/routes.js';

// The collecting pages against the real server and Chromium: staff define a reminder stage
// through the generic form, plan today's reminders, approve them and see the decision sent
// (and its message in the outbox); staff create a SEPA mandate, prepare a direct-debit batch,
// confirm the member's collection, and the debt is paid; staff hand a member a payment link
// from their statement (copied with its SMS text) and from their record (e-mailed).

let h: Harness;
let active = 0;
const stamp = Date.now().toString(36);
const CATEGORY = `Categoria avisos E2E ${stamp}`;
const REMINDED = `Ana Avisada ${stamp}`;
const DEBITED = `Rui Debitado ${stamp}`;
const HANDED = `Marta Entregue ${stamp}`;
const IBAN = 'PT50000201231234567890154';

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => h.api<T>(method, path, body);

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function memberWithDebt(name: string, extra: Record<string, unknown>): Promise<{ member: number; debt: number }> {
  // Paying in the category given (admitted today), or exempt from the yearly quotas: the debt is raised by hand.
  const terms = 'fee_category' in extra ? { admission_date: new Date().toISOString().slice(0, 10) } : { dues_exempt: true };
  const member = await api<{ _id: number }>('POST', 'members', { name, state: active, ...terms, ...extra });
  const year = new Date().getFullYear();
  const debt = await api<{ _id: number }>('POST', 'unsettled_payments/raise', { member: member._id, kind: 'other', year, amount: 1850, due_date: yesterday(), description: `Quota ${year}` });
  return { member: member._id, debt: debt._id };
}

const form = (page: Page) => page.locator('associa-resource-form');

async function fill(page: Page, name: string, value: string) {
  const control = form(page).locator(`[name="${name}"]`);
  await control.waitFor();
  await control.fill(value);
}

async function choose(page: Page, name: string, option: string) {
  const control = form(page).locator(`[name="${name}"]`);
  await control.locator('option', { hasText: option }).waitFor({ state: 'attached' });
  await control.selectOption({ label: option });
}

beforeAll(async () => {
  h = await startHarness();
  await h.server.setSettings({ reminderHoldBackDays: '0', automatedMemberPayments: 'false', sepaCreditorId: 'PT73ZZZ123456', associationIban: IBAN });
  const states = await api<{ _id: number; marksEnd: boolean }[]>('GET', 'member_states?_limit=-1');
  active = states.find((state) => !state.marksEnd)!._id;
});
afterAll(async () => {
  await h?.close();
});

describe('staged reminders (/quotas/avisos)', () => {
  it('staff define a stage, preview it, plan, approve and see the decision sent', async () => {
    const category = await api<{ _id: number }>('POST', 'fee_categories', { name: CATEGORY });
    const { member } = await memberWithDebt(REMINDED, { fee_category: category._id, email: `avisada-${stamp}@exemplo.pt` });
    const number = (await api<{ number: number }>('GET', `members/${member}`)).number;

    const page = await h.loginAs('editor');
    await page.goto('/quotas/avisos');
    await shownRoute(page, 'paymentReminders');
    await page.getByRole('link', { name: 'Nova etapa' }).click();
    await shownRoute(page, 'reminderStagesNew');
    await fill(page, 'name', `Aviso E2E ${stamp}`);
    await choose(page, 'category', CATEGORY);
    await fill(page, 'offset_days', '0');
    await fill(page, 'subject', 'Quotas em atraso: {associacao}');
    await fill(page, 'body', 'Olá {primeiro_nome},\nDeve {total}.\n{dividas}');
    // A new stage starts active: the form shows the resource's declared default.
    expect(await form(page).locator('[name="active"]').isChecked()).toBe(true);
    await form(page).getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/quotas\/avisos\/etapas\/(\d+)$/);
    const stage = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);

    // The preview for the member, as the server renders it today.
    const preview = page.locator('[data-stage-preview]');
    await preview.getByRole('searchbox').fill(String(number));
    await preview.getByRole('button', { name: new RegExp(REMINDED) }).click();
    await preview.locator('[data-preview-text]').getByText('Olá Ana,').waitFor();
    expect((await preview.locator('[data-preview-text]').innerText()).replace(/\s/g, ' ')).toContain('Deve 18,50 €.');

    await page.goto('/quotas/avisos');
    await page.getByRole('button', { name: 'Planear agora' }).click();
    await page.getByRole('status').filter({ hasText: 'Planeamento concluído' }).waitFor({ timeout: 30_000 });
    const decisions = await api<{ _id: number; member: number; decision: string }[]>('GET', `reminder_decisions?_stage=${stage}&_limit=-1`);
    expect(decisions.map((d) => [d.member, d.decision])).toEqual([[member, 'awaiting']]);

    // The log filtered to this stage shows it awaiting, then sent once approved.
    await page.getByLabel('Etapa', { exact: true }).selectOption({ label: `Aviso E2E ${stamp}` });
    const log = page.locator('[data-collecting-list="reminder_decisions"] associa-resource-list');
    await log.locator('tbody tr').filter({ hasText: 'A aguardar aprovação' }).waitFor();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByRole('status').filter({ hasText: 'Avisos aprovados enviados para a caixa de saída.' }).waitFor({ timeout: 30_000 });
    await log.locator('tbody tr').filter({ hasText: 'Enviado' }).waitFor({ timeout: 15_000 });
    const [sent] = await api<{ decision: string; message: number }[]>('GET', `reminder_decisions?_stage=${stage}&_limit=-1`);
    expect(sent!.decision).toBe('sent');
    const message = await api<{ recipient: string; subject: string }>('GET', `messages/${sent!.message}`);
    expect(message.recipient).toBe(`avisada-${stamp}@exemplo.pt`);
    expect(page.problems).toEqual([]);
  });
});

describe('direct debit (/quotas/debitoDireto)', () => {
  it('staff create a mandate, prepare a batch, confirm the collection, and the debt is paid', async () => {
    const { member, debt } = await memberWithDebt(DEBITED, {});
    const page = await h.loginAs('editor');
    await page.goto('/quotas/debitoDireto/mandatos');
    await shownRoute(page, 'sepaMandatesList');
    await page.getByRole('link', { name: 'Novo mandato' }).click();
    await shownRoute(page, 'sepaMandatesNew');
    await choose(page, 'member', DEBITED);
    await fill(page, 'iban', 'PT50 0002 0123 1234 5678 9015 4');
    await fill(page, 'reference', `E2E-${stamp}`.toUpperCase());
    await fill(page, 'signature_date', yesterday());
    await form(page).getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/quotas\/debitoDireto\/mandatos\/(\d+)$/);
    const [mandate] = await api<{ iban: string; state: string }[]>('GET', `sepa_mandates?_member=${member}`);
    expect([mandate!.iban, mandate!.state]).toEqual([IBAN, 'active']);
    // The member's page shows it above their record.
    await page.goto(`/socios/${member}`);
    await page.locator(`[data-member-mandate="${member}"]`).getByText(`Mandato ativo ${`E2E-${stamp}`.toUpperCase()}`).waitFor();

    await page.goto('/quotas/debitoDireto');
    await page.getByRole('button', { name: 'Preparar lote' }).click();
    const prepare = page.getByRole('form', { name: 'Preparar lote' });
    await prepare.getByLabel('Dívidas vencidas até').fill(yesterday());
    await prepare.getByRole('button', { name: 'Preparar', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Lote preparado' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Abrir o lote' }).click();
    await shownRoute(page, 'directDebitBatch');

    const row = page.locator('tbody tr').filter({ hasText: DEBITED });
    await row.waitFor();
    expect((await row.innerText()).replace(/\s/g, ' ')).toContain('18,50 €');
    await page.getByRole('button', { name: 'Descarregar pain.008.001.08' }).waitFor();
    await row.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('status').filter({ hasText: 'Cobrança confirmada.' }).waitFor();
    await page.locator('tbody tr[data-state="confirmed"]').filter({ hasText: DEBITED }).waitFor();
    const paid = await api<{ status: string }>('GET', `unsettled_payments/${debt}`);
    expect(paid.status).toBe('paid');
    expect(page.problems).toEqual([]);
  });
});

describe('handing a member a way to pay', () => {
  it('staff copy a new payment link with its SMS text on the statement, and e-mail one from the record', async () => {
    const { member } = await memberWithDebt(HANDED, { email: `entregue-${stamp}@exemplo.pt` });
    const page = await h.loginAs('editor');
    await page.goto(`/quotas/dividas/${member}`);
    await shownRoute(page, 'unpaidByMember');
    const statementHandOver = page.locator('associa-hand-over');
    await statementHandOver.getByRole('button', { name: 'Copiar ligação de pagamento' }).click();
    const link = statementHandOver.locator('[data-hand-over-link] input');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/informacaoDePagamento\/[A-Za-z0-9_-]+$/);
    expect(await statementHandOver.locator('[data-hand-over-text]').inputValue()).toContain(`Olá Marta, pode ver e pagar as suas quotas da Associação`);
    expect(await statementHandOver.locator('[data-hand-over-text]').inputValue()).toContain(url);

    await page.goto(`/socios/${member}`);
    const recordHandOver = page.locator('associa-hand-over');
    await recordHandOver.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await recordHandOver.getByRole('status').filter({ hasText: `para entregue-${stamp}@exemplo.pt` }).waitFor();
    const messages = await api<{ recipient: string }[]>('GET', 'messages?_limit=-1');
    expect(messages.filter((m) => m.recipient === `entregue-${stamp}@exemplo.pt`)).toHaveLength(1);
    expect(page.problems).toEqual([]);
  });
});
