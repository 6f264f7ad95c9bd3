// <associa-reconciliation> against the fault server: a statement is uploaded and previewed, each
// line shows its member (name and number), debts, amount in euros, pt-PT dates and how sure the
// match is; staff reject one line and choose the member and debts of another (each a preview
// with the decisions so far), confirm with those decisions, and see the payments and receipts.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/collecting/reconciliation/element.js';
import { cleanupFeatures, featureFixture, type FeatureFixture } from './feature-support/elements.js';
import { expectAccessible } from './support/axe.js';

const line = (n: number, amount: number, description: string, extra: Record<string, unknown> = {}) => ({
  line: n,
  date: '2026-12-02',
  amount,
  entity: null,
  reference: null,
  description,
  transactionId: null,
  externalId: `reconciliation:${n}`,
  match: null,
  confidence: null,
  credit: 0,
  reason: null,
  message: '',
  ...extra,
});

const ANA = { _id: 21, number: 7, name: 'Ana Lima' };
const RUI = { _id: 22, number: 12, name: 'Rui Costa' };
const EVA = { _id: 23, number: 30, name: 'Eva Santos' };
const DEBTS = [
  { _id: 51, member: 21, description: 'Quota 2026', due_date: '2026-01-31', amount: 1200 },
  { _id: 52, member: 22, description: 'Quota 2026', due_date: '2026-01-31', amount: 2500 },
];
const L2 = line(2, 1200, 'PAG MB', { entity: '99999', reference: '999000123', match: { kind: 'payment_request', request: 4, member: 21, debts: [{ debt: 51, amount: 1200 }] }, confidence: 'reference', message: 'Paga o pedido de pagamento desta referência.' });
const L3 = line(3, 2500, 'TRF SOCIO 12 quota', { match: { kind: 'member', member: 22, debts: [{ debt: 52, amount: 2500 }] }, confidence: 'member', message: 'Paga as dívidas em aberto mais antigas do sócio.' });
const L4 = line(4, 2000, 'TRF sem indicação', { reason: 'no_member', message: 'A descrição não refere nenhum número de sócio nem NIF conhecido.' });
const L5 = line(5, -100, 'Comissão', { reason: 'not_received', message: 'Não é um recebimento (valor zero ou negativo).' });
const L3_REJECTED = { ...L3, match: null, confidence: null, reason: 'rejected', message: 'Rejeitado na revisão: não foi registado.' };
const L4_EVA = { ...L4, match: { kind: 'member', member: 23, debts: [{ debt: 61, amount: 1800 }] }, confidence: 'manual', credit: 200, reason: null, message: 'Sócio e dívidas escolhidos na revisão. O restante fica como crédito do sócio.' };
const EVA_DEBT = { _id: 61, member: 23, description: 'Quota 2026', due_date: '2026-01-31', amount: 1800 };

const review = (results: unknown[], matched: number, matchedAmount: number, extra: Record<string, unknown> = {}) => ({
  body: { data: { file: 31, file_name: 'dezembro.csv', source: 'bank', imported: null, lines: 4, matched, matchedAmount, unmatched: 4 - matched, results, members: [ANA, RUI], debts: DEBTS, ...extra } },
});

let element: HTMLElement;
let fixture: FeatureFixture;

async function mount(rules: Record<string, unknown>): Promise<FeatureFixture> {
  fixture = featureFixture();
  const { f, core, place, logIn } = fixture;
  logIn(1, 'Rui Editor', 'editor');
  await f.script({
    'GET /explainer': { body: { data: { members: { label: 'Sócios', fields: [] }, reconciliation_imports: { label: 'Importações', fields: [] } } } },
    'GET /settings': { body: { data: [{ name: 'hasTreasury', value: 'true' }], meta: { total: 1 } } },
    ...(rules as Record<string, never>),
  });
  await core.settings.load();
  element = place('associa-reconciliation', { singular: 'Sócio', 'payment-path': '/pagamentos/:id', 'receipt-path': '/tesoouraria/:id' });
  await waitUntil(() => element.shadowRoot?.querySelector('input[type="file"]'), 'the element never rendered', { timeout: 4000 });
  return fixture;
}

const $ = (selector: string) => element.shadowRoot!.querySelector(selector);
const text = (node: Element | null) => ((node as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ').trim();
const row = (n: number) => $(`[data-review-lines] tr[data-line="${n}"]`);
const buttonIn = (scope: Element | ShadowRoot | null, name: string) => [...(scope?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name);
function chooseFile(file: File) {
  const input = $('input[type="file"]') as HTMLInputElement;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
function setValue(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(cleanupFeatures);

describe('<associa-reconciliation>', () => {
  it('uploads, reviews names, money, dates and confidence, rejects a line, matches another by hand, confirms and lists payments and receipts', async () => {
    const { f } = await mount({
      'POST /files': { status: 201, body: { data: { _id: 31, originalName: 'dezembro.csv', contentType: 'text/csv', size: 200 } } },
      'POST /reconciliation_imports/preview': [
        review([L2, L3, L4, L5], 2, 3700),
        review([L2, L3_REJECTED, L4, L5], 1, 1200),
        review([L2, L3_REJECTED, L4_EVA, L5], 2, 3200, { members: [ANA, EVA], debts: [DEBTS[0], EVA_DEBT] }),
      ],
      'GET /members': { body: { data: [EVA], meta: { total: 1 } } },
      'GET /unsettled_payments': {
        body: {
          data: [
            { _id: 61, description: 'Quota 2026', due_date: '2026-01-31', status: 'open', open_amount: 1800 },
            { _id: 62, description: 'Jóia', due_date: '2026-06-30', status: 'open', open_amount: 500 },
          ],
          meta: { total: 2 },
        },
      },
      'POST /reconciliation_imports/confirm': {
        body: {
          data: {
            import: { _id: 9, recorded: 2, recorded_amount: 3200, lines: 4, unmatched: 2 },
            payments: [81, 82],
            receipts: [{ _id: 71, number: 'R 2026/42', payment: 81 }, { _id: 72, number: 'R 2026/43', payment: 82 }],
            results: [{ ...L2, payment: 81, receipt: { _id: 71, number: 'R 2026/42' } }, { ...L3_REJECTED, payment: null, receipt: null }, { ...L4_EVA, payment: 82, receipt: { _id: 72, number: 'R 2026/43' } }, { ...L5, payment: null, receipt: null }],
            members: [ANA, EVA],
            debts: [DEBTS[0], EVA_DEBT],
          },
        },
      },
    });
    chooseFile(new File(['Data;Descrição;Valor\n'], 'dezembro.csv', { type: 'text/csv' }));
    await waitUntil(() => row(2), 'the review never showed');
    expect((await f.requests('POST', '/reconciliation_imports/preview'))[0]!.body).to.deep.equal({ file: 31, decisions: [] });
    expect(text($('[data-summary]'))).to.equal('Extrato bancário. 4 movimentos: 2 a registar (37,00 €), 2 sem registo.');

    const cells = (n: number) => [...row(n)!.querySelectorAll('td')].slice(0, 5).map((td) => text(td));
    expect(cells(2)).to.deep.equal(['2', '02/12/2026', 'PAG MB Ref. Multibanco 99999 / 999 000 123', '12,00 €', 'Referência Multibanco N.º 7 — Ana Lima Quota 2026 (31/01/2026): 12,00 €']);
    expect(cells(3)).to.deep.equal(['3', '02/12/2026', 'TRF SOCIO 12 quota', '25,00 €', 'Sócio e valor N.º 12 — Rui Costa Quota 2026 (31/01/2026): 25,00 €']);
    expect(cells(4)[4]).to.equal('Sem correspondência A descrição não refere nenhum número de sócio nem NIF conhecido.');
    expect(cells(5).slice(3)).to.deep.equal(['-1,00 €', 'Não é recebimento Não é um recebimento (valor zero ou negativo).']);
    // A line that pays nothing whatever one says has no actions.
    expect(row(5)!.querySelectorAll('button')).to.have.length(0);
    expect(buttonIn(element.shadowRoot, 'Confirmar e registar 2 pagamentos')?.disabled).to.equal(false);

    buttonIn(row(3), 'Rejeitar')!.click();
    await waitUntil(() => text(row(3)).includes('Rejeitado'), 'the rejection never showed');
    expect((await f.requests('POST', '/reconciliation_imports/preview'))[1]!.body).to.deep.equal({ file: 31, decisions: [{ line: 3, reject: true }] });
    expect(buttonIn(row(3), 'Repor proposta')?.getAttribute('aria-label')).to.equal('Repor proposta (linha 3)');
    // A rejected line may still be given to a member; it is no longer anyone's to reject.
    expect([...row(3)!.querySelectorAll('button')].map((b) => b.textContent)).to.deep.equal(['Escolher sócio', 'Repor proposta']);

    await expectAccessible(element);

    buttonIn(row(4), 'Escolher sócio')!.click();
    const editor = () => $('[data-match-editor="4"]');
    await waitUntil(() => editor()?.querySelector('input[type="search"]'), 'no editor');
    expect(text(editor()!.querySelector('h3'))).to.equal('Linha 4: a quem pertence o pagamento de 20,00 €?');
    // Confirming waits while a line is being changed.
    expect(buttonIn(element.shadowRoot, 'Confirmar e registar 1 pagamento')!.disabled).to.equal(true);
    setValue(editor()!.querySelector<HTMLInputElement>('input[type="search"]')!, 'Eva');
    await waitUntil(() => buttonIn(editor(), 'N.º 30 — Eva Santos'), 'the member was not found', { timeout: 3000 });
    buttonIn(editor(), 'N.º 30 — Eva Santos')!.click();
    await waitUntil(() => editor()?.querySelectorAll('input[type="checkbox"]').length === 2, 'the debts never showed');
    // The oldest debts covering the amount come chosen; staff leave out the second.
    const boxes = [...editor()!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => b.checked)).to.deep.equal([true, true]);
    expect(text(editor()!.querySelector('[data-chosen-total]'))).to.equal('Dívidas escolhidas: 23,00 €; o movimento paga 20,00 €, pela ordem de vencimento.');
    boxes[1]!.click();
    await waitUntil(() => text(editor()!.querySelector('[data-chosen-total]')) === 'Dívidas escolhidas: 18,00 €; 2,00 € ficam como crédito.', 'the total did not follow');
    buttonIn(editor(), 'Aplicar')!.click();
    await waitUntil(() => !editor() && text(row(4)).includes('Escolhido à mão'), 'the chosen match never showed');
    expect((await f.requests('POST', '/reconciliation_imports/preview'))[2]!.body).to.deep.equal({ file: 31, decisions: [{ line: 3, reject: true }, { line: 4, member: 23, debts: [61] }] });
    expect(text(row(4)!.querySelector('[data-match]'))).to.equal('Escolhido à mão N.º 30 — Eva Santos Quota 2026 (31/01/2026): 18,00 € Crédito do sócio: 2,00 €');

    buttonIn(element.shadowRoot, 'Confirmar e registar 2 pagamentos')!.click();
    await waitUntil(() => $('[data-created]'), 'the result never showed');
    expect((await f.requests('POST', '/reconciliation_imports/confirm'))[0]!.body).to.deep.equal({ file: 31, decisions: [{ line: 3, reject: true }, { line: 4, member: 23, debts: [61] }] });
    expect(text($('[role="status"]'))).to.equal('Importação concluída: 2 pagamentos registados (32,00 €). 2 movimentos não foram registados.');
    const links = [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[data-created] a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).to.deep.equal([
      ['Ver pagamento', '/pagamentos/81'],
      ['R 2026/42', '/tesoouraria/71'],
      ['Ver pagamento', '/pagamentos/82'],
      ['R 2026/43', '/tesoouraria/72'],
    ]);
    // The result takes the focus once drawn (an effect after React's commit): waited for, not assumed.
    await waitUntil(() => element.shadowRoot!.activeElement?.textContent === 'Pagamentos registados', 'the result never took the focus');
    await expectAccessible(element);
    // A receipt's number opens its document through the page's router.
    [...element.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[data-created] a')][1]!.click();
    expect(fixture.navigations).to.deep.equal(['/tesoouraria/71']);
  });

  it('says a statement was imported before, allows nothing, and shows a refused file in pt-PT', async () => {
    const { f } = await mount({
      'POST /files': [
        { status: 201, body: { data: { _id: 40 } } },
        { status: 201, body: { data: { _id: 41 } } },
      ],
      'POST /reconciliation_imports/preview': [
        { status: 422, body: { statusCode: 422, code: 'invalid_record', message: 'Dados inválidos.', errors: { file: 'Linha 3: o valor «12,5x» não é um valor em euros.' } } },
        review([{ ...L2, match: null, confidence: null, reason: 'already_recorded', message: 'Este pagamento já está registado.' }], 0, 0, { imported: { _id: 9, file_name: 'novembro.csv', created_at: '2026-11-30T10:00:00.000Z' }, lines: 1, unmatched: 1 }),
      ],
    });
    chooseFile(new File(['x'], 'mau.csv', { type: 'text/csv' }));
    await waitUntil(() => $('[role="alert"]'), 'the refusal never showed');
    expect(text($('[role="alert"]'))).to.equal('Linha 3: o valor «12,5x» não é um valor em euros.');
    chooseFile(new File(['y'], 'novembro.csv', { type: 'text/csv' }));
    await waitUntil(() => row(2), 'the review never showed');
    expect(text($('[data-tone="warning"]'))).to.equal('Este extrato já foi importado em 30/11/2026 («novembro.csv», importação n.º 9). Nada será registado de novo.');
    expect(cells2()).to.deep.equal(['Já importado', 'Este pagamento já está registado.']);
    expect(row(2)!.querySelectorAll('button')).to.have.length(0);
    expect(buttonIn(element.shadowRoot, 'Extrato já importado')!.disabled).to.equal(true);
    expect(await f.requests('POST', '/reconciliation_imports/confirm')).to.have.length(0);
  });
});

const cells2 = () => [...row(2)!.querySelector('[data-match]')!.children].map((part) => text(part));
