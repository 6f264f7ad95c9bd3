// The generic list and form on the dues module's fee schedules, as the fee settings page places
// them: what a schedule row shows, and the server's refusal (409 in_use) once debts were raised.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-form/element.js';
import '../../src/widgets/resource-list/element.js';
import { FEE_SCHEDULE_COLUMNS } from '../../src/widgets/dues/fee-settings/fee-settings.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { all, buttonNamed, disposeCores, field, freshFault, pageReply, text, typeInto, waitForButton } from './resource-fixtures.js';
import { expectAccessible } from './support/axe.js';

const PERIODICITY = [
  { value: 'annual', label: 'Anual' },
  { value: 'semiannual', label: 'Semestral' },
  { value: 'quarterly', label: 'Trimestral' },
  { value: 'monthly', label: 'Mensal' },
];

// As the server's explainer describes the two resources (src/server/modules/dues).
const EXPLAINER = {
  body: {
    data: {
      fee_categories: {
        label: 'Categorias de quota',
        fields: [
          field({ name: 'name', type: 'string', label: 'Nome', validation: { required: true, maxLength: 100 }, sortable: true, filterable: true, searchable: true }),
          field({ name: 'exempt', type: 'boolean', label: 'Isenta de quotas', sortable: true, filterable: true }),
        ],
      },
      fee_schedules: {
        label: 'Tabelas de quotas',
        fields: [
          field({ name: 'year', type: 'integer', label: 'Ano', validation: { required: true, min: 2000, max: 2100 }, sortable: true, filterable: true }),
          field({ name: 'category', type: 'reference', ref: 'fee_categories', label: 'Categoria', validation: { required: true }, sortable: true, filterable: true }),
          field({ name: 'amount', type: 'money', label: 'Valor por período', validation: { required: true }, sortable: true }),
          field({ name: 'periodicity', type: 'enum', label: 'Periodicidade', options: PERIODICITY, validation: { required: true }, filterable: true }),
          field({ name: 'due_day', type: 'integer', label: 'Dia de vencimento', validation: { required: true, min: 1, max: 31 } }),
          field({ name: 'joining_fee', type: 'money', label: 'Jóia' }),
          field({ name: 'capital', type: 'money', label: 'Subscrição de capital' }),
          field({ name: '_id', type: 'integer', label: 'Identificador', group: 'Registo', readOnly: true, sortable: true }),
        ],
      },
    },
  },
};

const CATEGORIES = pageReply([
  { _id: 1, name: 'Efetivo', exempt: false },
  { _id: 2, name: 'Estudante', exempt: false },
]);

const schedule = (id: number, extra: Record<string, unknown>) => ({ _id: id, _version: 1, joining_fee: 0, capital: 0, due_day: 31, periodicity: 'annual', ...extra });

const IN_USE = 'Já foram lançadas dívidas com esta tabela: a periodicidade, o dia de vencimento, o ano e a categoria já não podem mudar. Um novo valor aplica-se só às dívidas lançadas daqui em diante.';

const control = <E extends HTMLElement = HTMLInputElement>(element: Element, name: string) => shadowOf(element).querySelector<E>(`[name="${name}"]`);

describe('fee schedules in the generic list and form', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it("lists each schedule with its category's name, money amounts, the periodicity's label and the due day", async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': EXPLAINER,
      'GET /fee_categories': CATEGORIES,
      'GET /fee_schedules': pageReply([
        schedule(7, { year: 2026, category: 1, amount: 2400, joining_fee: 1000, capital: 5000 }),
        schedule(6, { year: 2025, category: 2, amount: 600, periodicity: 'quarterly', due_day: 15 }),
      ]),
    });
    const element = place('associa-resource-list', { resource: 'fee_schedules', api: f.api, columns: FEE_SCHEDULE_COLUMNS, 'edit-path': '/configuracaoQuotas/tabelas/:id' });
    await waitUntil(() => all(element, 'tbody tr')[1]?.textContent?.includes('Estudante'), 'the category names never showed');
    await expectAccessible(element);
    expect(all(element, 'th').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))).to.deep.equal([
      'Ano', 'Categoria', 'Valor por período', 'Periodicidade', 'Dia de vencimento', 'Jóia', 'Subscrição de capital',
    ]);
    const cells = all(element, 'tbody tr').map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).to.deep.equal([
      ['2026', 'Efetivo', '24,00\u00a0€', 'Anual', '31', '10,00\u00a0€', '50,00\u00a0€'],
      ['2025', 'Estudante', '6,00\u00a0€', 'Trimestral', '15', '0,00\u00a0€', '0,00\u00a0€'],
    ]);
  });

  it("shows the server's words when a schedule with debts may not change or go (409 in_use), and keeps the edit", async () => {
    const f = freshFault();
    const stored = schedule(7, { year: 2026, category: 1, amount: 2400 });
    await f.script({
      'GET /explainer': EXPLAINER,
      'GET /fee_categories': CATEGORIES,
      'GET /fee_schedules/7': { body: { data: stored } },
      'PUT /fee_schedules/7': { status: 409, body: { code: 'in_use', message: IN_USE } },
      'DELETE /fee_schedules/7': { status: 409, body: { code: 'in_use', message: 'Já foram lançadas dívidas com esta tabela: não pode ser apagada.' } },
    });
    const element = place('associa-resource-form', { resource: 'fee_schedules', api: f.api, 'record-id': '7' });
    await waitUntil(() => control(element, 'due_day')?.value === '31', 'the schedule never showed');
    typeInto(control(element, 'due_day')!, '15');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => text(element).includes(IN_USE), 'the refusal was not shown');
    const [put] = await f.requests('PUT', '/fee_schedules/7');
    expect((put!.body as Record<string, unknown>).due_day).to.equal(15);
    // Not a version conflict: no merge view, and the typed value is still there to change back.
    expect(shadowOf(element).querySelector('[data-conflict]')).to.equal(null);
    expect(control(element, 'due_day')!.value).to.equal('15');

    const dialog = shadowOf(element).querySelector('dialog')!;
    buttonNamed(element, 'Apagar')!.click();
    await waitUntil(() => dialog.open, 'the delete question never opened');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Apagar')!.click();
    await waitUntil(() => text(element).includes('Já foram lançadas dívidas com esta tabela: não pode ser apagada.'), 'the delete refusal was not shown');
    expect(await f.requests('DELETE', '/fee_schedules/7')).to.have.length(1);
    expect(control(element, 'due_day')).to.not.equal(null);
  });
});
