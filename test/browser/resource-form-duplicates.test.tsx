import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-form/element.js';
import { place, removePlaced, shadowOf } from './kit/fixtures.js';
import { all, disposeCores, explainerReply, field, freshFault, member, statesReply, tagsReply, text, typeInto, waitForButton } from './resource-fixtures.js';
import { expectAccessible } from './support/axe.js';

const MESSAGE = 'O NIF 123456789 já é do sócio n.º 12, Ana Lopes. Confirme se quer mesmo criar outro sócio com estes dados.';
const WARNING = {
  status: 409,
  body: {
    error: 'Conflict', code: 'probable_duplicate', message: MESSAGE, confirm: 'confirm_duplicate',
    duplicates: [
      { reason: 'nif', id: 12, number: 12, name: 'Ana Lopes' },
      { reason: 'email', id: 12, number: 12, name: 'Ana Lopes' },
      { reason: 'email', id: 30, number: 31, name: 'Rui Lopes' },
    ],
  },
};
const base = { 'GET /explainer': explainerReply(), 'GET /member_states': statesReply, 'GET /tags': tagsReply, 'POST /members/validate': { body: { errors: {} } } };

describe('<associa-resource-form> and a probable duplicate', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('shows the server\'s warning with links to the records it names, and Confirmar saves again with the flag', async () => {
    const f = freshFault();
    await f.script({ ...base, 'POST /members': [WARNING, { status: 201, body: { data: member(77, { name: 'Ana M. Lopes' }) } }] });
    const element = place('associa-resource-form', { resource: 'members', api: f.api, 'record-path': '/socios/:id' });
    await waitUntil(() => shadowOf(element).querySelector('[name="name"]') !== null, 'the form never rendered');
    typeInto(shadowOf(element).querySelector<HTMLInputElement>('[name="name"]')!, 'Ana M. Lopes');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => shadowOf(element).querySelector('[data-probable-duplicate]') !== null, 'no warning shown');
    const warning = shadowOf(element).querySelector('[data-probable-duplicate]')!;
    expect(warning.getAttribute('role')).to.equal('alert');
    expect(warning.textContent).to.contain(MESSAGE);
    // One link per record, to its page, named by number and name.
    expect(all(element, '[data-probable-duplicate] a').map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['N.º 12, Ana Lopes', '/socios/12'],
      ['N.º 31, Rui Lopes', '/socios/30'],
    ]);
    await expectAccessible(element);
    expect((await f.requests('POST', '/members')).length).to.equal(1);

    const saved: string[] = [];
    const onSaved = (e: CustomEvent<{ id: string }>) => saved.push(e.detail.id);
    document.addEventListener('associa-saved', onSaved);
    try {
      (await waitForButton(element, 'Confirmar')).click();
      await waitUntil(() => saved.length === 1, 'the confirmed save never ended');
    } finally {
      document.removeEventListener('associa-saved', onSaved);
    }
    const [first, second] = await f.requests('POST', '/members');
    expect(first!.body).to.not.have.property('confirm_duplicate');
    expect(second!.body).to.include({ name: 'Ana M. Lopes', confirm_duplicate: true });
    expect(saved).to.deep.equal(['77']);
    expect(shadowOf(element).querySelector('[data-probable-duplicate]')).to.equal(null);
  });

  it('lets the user correct the data instead: the warning goes, nothing is saved', async () => {
    const f = freshFault();
    await f.script({ ...base, 'POST /members': WARNING });
    const element = place('associa-resource-form', { resource: 'members', api: f.api });
    await waitUntil(() => shadowOf(element).querySelector('[name="name"]') !== null, 'the form never rendered');
    typeInto(shadowOf(element).querySelector<HTMLInputElement>('[name="name"]')!, 'Ana M. Lopes');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => text(element).includes(MESSAGE), 'no warning shown');
    // Without a record path the records are named, not linked.
    expect(all(element, '[data-probable-duplicate] a')).to.deep.equal([]);
    expect(text(element)).to.contain('N.º 31, Rui Lopes');
    (await waitForButton(element, 'Corrigir os dados')).click();
    await waitUntil(() => shadowOf(element).querySelector('[data-probable-duplicate]') === null, 'the warning stayed');
    expect((await f.requests('POST', '/members')).length).to.equal(1);
  });
});

describe('<associa-resource-form> money inputs', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  for (const typed of ['12,50', '12.50']) {
    it(`saves "${typed}" as 1250 cents`, async () => {
      const f = freshFault();
      const fields = [
        field({ name: 'name', type: 'string', label: 'Nome', validation: { required: true } }),
        field({ name: 'amount', type: 'money', label: 'Valor por período', validation: { required: true } }),
      ];
      await f.script({ 'GET /explainer': explainerReply(fields), 'POST /members/validate': { body: { errors: {} } }, 'POST /members': { status: 201, body: { data: member(5) } } });
      const element = place('associa-resource-form', { resource: 'members', api: f.api });
      await waitUntil(() => shadowOf(element).querySelector('[name="amount"]') !== null, 'the form never rendered');
      typeInto(shadowOf(element).querySelector<HTMLInputElement>('[name="name"]')!, 'Quota');
      typeInto(shadowOf(element).querySelector<HTMLInputElement>('[name="amount"]')!, typed);
      (await waitForButton(element, 'Guardar')).click();
      await waitUntil(async () => (await f.requests('POST', '/members')).length === 1, 'never saved');
      const [post] = await f.requests('POST', '/members');
      expect(post!.body).to.include({ amount: 1250 });
      expect(text(element)).to.not.contain('Valor inválido');
    });
  }
});
