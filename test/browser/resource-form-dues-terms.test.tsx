import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-form/element.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { disposeCores, explainerReply, field, freshFault, MEMBER_FIELDS, member, statesReply, tagsReply, text, typeInto, waitForButton } from './resource-fixtures.js';

// The server's rule (src/server/modules/members/dues-terms.ts): a category and an admission date, or exempt.
const MISSING_CATEGORY = 'Indique a categoria de quota, ou marque o sócio como isento de quotas.';
const MISSING_ADMISSION = 'Indique a data de admissão, ou marque o sócio como isento de quotas.';
const FIELDS = [
  ...MEMBER_FIELDS,
  field({ name: 'admission_date', type: 'date', label: 'Data de admissão', group: 'Inscrição' }),
  field({ name: 'fee_category', type: 'reference', ref: 'fee_categories', label: 'Categoria de quota', group: 'Inscrição' }),
  field({ name: 'dues_exempt', type: 'boolean', label: 'Isento de quotas', group: 'Inscrição' }),
];
const categoriesReply = { body: { data: [{ _id: 3, name: 'Efetivo' }], meta: { total: 1 } } };
const refused = { status: 422, body: { errors: { fee_category: MISSING_CATEGORY, admission_date: MISSING_ADMISSION } } };

const control = <E extends HTMLElement = HTMLInputElement>(element: Element, name: string): E => shadowOf(element).querySelector<E>(`[name="${name}"]`)!;
const messageOf = (element: Element, name: string) => shadowOf(element).getElementById(control(element, name).getAttribute('aria-describedby') ?? '')?.textContent;

describe('<associa-resource-form> and the dues terms of a new member', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('shows the server\'s pt-PT messages beside the category and the admission date, and saves once the member is marked exempt', async () => {
    const f = freshFault();
    await f.script({
      'GET /explainer': explainerReply(FIELDS),
      'GET /member_states': statesReply,
      'GET /tags': tagsReply,
      'GET /fee_categories': categoriesReply,
      'POST /members/validate': [refused, { body: { errors: {} } }],
      'POST /members': { status: 201, body: { data: member(77, { name: 'Nova Sócia', dues_exempt: true }) } },
    });
    const element = place('associa-resource-form', { resource: 'members', api: f.api });
    await waitUntil(() => control(element, 'dues_exempt') !== null, 'the form never rendered');
    typeInto(control(element, 'name'), 'Nova Sócia');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => control(element, 'fee_category').getAttribute('aria-invalid') === 'true', 'the category never marked invalid');
    expect(messageOf(element, 'fee_category')).to.equal(MISSING_CATEGORY);
    expect(control(element, 'admission_date').getAttribute('aria-invalid')).to.equal('true');
    expect(messageOf(element, 'admission_date')).to.equal(MISSING_ADMISSION);
    expect(text(element)).to.include('Corrija os campos assinalados.');
    expect((await f.requests('POST', '/members')).length).to.equal(0);

    control(element, 'dues_exempt').click();
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(async () => (await f.requests('POST', '/members')).length === 1, 'the exempt member was never saved');
    const [saved] = await f.requests('POST', '/members');
    expect(saved!.body).to.include({ name: 'Nova Sócia', dues_exempt: true });
  });
});
