import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import '../../src/widgets/resource-form/element.js';
import { place, removePlaced, shadowOf, sleep } from './kit/fixtures.js';
import { all, buttonNamed, disposeCores, explainerReply, field, freshFault, MEMBER_FIELDS, member, statesReply, tagsReply, text, typeInto, waitForButton } from './resource-fixtures.js';
import type { Fault } from './support/fault.js';
import { expectAccessible } from './support/axe.js';

const TAG = 'associa-resource-form';

function control<E extends HTMLElement = HTMLInputElement>(element: Element, name: string): E {
  return shadowOf(element).querySelector<E>(`[name="${name}"]`)!;
}

async function showForm(f: Fault, attributes: Record<string, string> = {}) {
  const element = place(TAG, { resource: 'members', api: f.api, ...attributes });
  await waitUntil(() => control(element, 'name') !== null || text(element).includes('não encontrado'), 'the form never rendered');
  return element;
}

const valid = { body: { errors: {} } };
const base = { 'GET /explainer': explainerReply(), 'GET /member_states': statesReply, 'GET /tags': tagsReply, 'POST /members/validate': valid };
const NIF_ERROR = 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.';
/** The member fields with the rules only the server can judge: a unique number, a NIF's check digit. */
const CHECKED_FIELDS = MEMBER_FIELDS.map((x) =>
  x.name === 'number' ? { ...x, validation: { ...x.validation, unique: true } } : x.name === 'nif' ? { ...x, validation: { checks: ['nif'] } } : x,
);

/** The methods and paths the form sent, in order, without the reads. */
const writes = async (f: Fault) => (await f.log()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('<associa-resource-form>', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('groups fields under legends and picks the input for each inputType', async () => {
    const f = freshFault();
    await f.script(base);
    const element = await showForm(f);
    await expectAccessible(element);
    expect(all(element, 'legend').map((l) => l.textContent)).to.deep.equal(['Identificação', 'Contactos', 'Inscrição', 'Etiquetas', 'Notas']);
    expect(control(element, 'number').type).to.equal('number');
    expect(control(element, 'email').type).to.equal('email');
    expect(control(element, 'phone').type).to.equal('tel');
    expect(control(element, 'phone').pattern).to.equal('\\+?[0-9 ]{6,20}');
    expect(control(element, 'name').maxLength).to.equal(200);
    expect(control(element, 'name').required).to.equal(true);
    expect(control(element, 'active').type).to.equal('checkbox');
    expect(control(element, 'notes').tagName).to.equal('TEXTAREA');
    expect([...control<HTMLSelectElement>(element, 'kind').options].map((o) => o.textContent)).to.deep.equal(['—', 'Efetivo', 'Honorário']);
    await waitUntil(() => control<HTMLSelectElement>(element, 'state').options.length === 3, 'reference options never loaded');
    expect([...control<HTMLSelectElement>(element, 'state').options].map((o) => o.textContent)).to.deep.equal(['Escolher…', 'Ativo', 'Suspenso']);
    await waitUntil(() => all(element, 'input[name="tags"]').length === 2, 'tag choices never loaded');
    expect(all(element, 'label').some((l) => l.textContent === 'Nome *')).to.equal(true);
    // The record columns (id, creation time) are not part of the form, and there is nothing to delete yet.
    expect(control(element, '_id') === null).to.equal(true);
    expect(buttonNamed(element, 'Apagar') === undefined).to.equal(true);
  });

  it("starts a new record from the explainer's declared defaults: a flag on, a fixed choice", async () => {
    const f = freshFault();
    const fields = MEMBER_FIELDS.map((x) => (x.name === 'active' ? { ...x, default: 1 } : x.name === 'kind' ? { ...x, default: 'honorario' } : x));
    await f.script({ ...base, 'GET /explainer': explainerReply(fields) });
    const element = await showForm(f);
    expect(control(element, 'active').checked).to.equal(true);
    expect(control<HTMLSelectElement>(element, 'kind').value).to.equal('honorario');
    expect(control(element, 'name').value).to.equal('');
    // Starting values are not edits: nothing to save yet.
    expect(text(element)).to.not.contain('Há alterações por guardar.');
  });

  it('edits a record: PUT with converted values and hidden fields kept, then associa-saved and a confirmation', async () => {
    const f = freshFault();
    const original = member(42, { notes: 'Nota antiga', tags: [7] });
    await f.script({ ...base, 'GET /members/42': { body: { data: original } }, 'PUT /members/42': { body: { data: { ...original, name: 'Ana Silva', fee: 7.5 } } } });
    const element = await showForm(f, { 'record-id': '42', 'hidden-fields': 'notes', 'readonly-fields': 'number' });
    expect(control(element, 'name').value).to.equal('Sócio 42');
    expect(control(element, 'notes') === null).to.equal(true);
    expect(control(element, 'number').readOnly).to.equal(true);
    await waitUntil(() => all<HTMLInputElement>(element, 'input[name="tags"]').find((i) => i.value === '7')?.checked, 'tags never shown');
    typeInto(control(element, 'name'), 'Ana Silva');
    // 0.1 has no exact single-precision value: it must go as typed, not as 0.10000000149.
    typeInto(control(element, 'fee'), '0.1');
    typeInto(control<HTMLSelectElement>(element, 'state'), '2');
    all<HTMLInputElement>(element, 'input[name="tags"]').find((i) => i.value === '8')!.click();
    await waitUntil(() => text(element).includes('Há alterações por guardar.'));
    const saved: unknown[] = [];
    const onSaved = (e: CustomEvent) => saved.push(e.detail);
    document.addEventListener('associa-saved', onSaved);
    try {
      (await waitForButton(element, 'Guardar')).click();
      await waitUntil(() => saved.length === 1, 'no associa-saved event');
    } finally {
      document.removeEventListener('associa-saved', onSaved);
    }
    expect(saved[0]).to.deep.equal({ resource: 'members', id: '42' });
    const [put] = await f.requests('PUT', '/members/42');
    const body = put!.body as Record<string, unknown>;
    expect(body).to.include({ _id: 42, name: 'Ana Silva', fee: 0.1, state: 2, number: 42, notes: 'Nota antiga', active: true, kind: 'efetivo' });
    expect(body.tags).to.deep.equal([7, 8]);
    // Read-only fields of the explainer never go.
    expect(body).to.not.have.property('created_at');
    await waitUntil(() => shadowOf(element).querySelector('[role="status"]')?.textContent === 'Registo guardado.');
    expect(text(element)).to.not.include('Há alterações por guardar.');
  });

  it('shows each server field error under its field and focuses the first invalid field', async () => {
    const f = freshFault();
    await f.script({
      ...base,
      'GET /members/42': { body: { data: member(42) } },
      'PUT /members/42': { status: 422, body: { errors: { email: 'Endereço de e-mail inválido.', nif: 'NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.', secret: 'Campo escondido.' } } },
    });
    const element = await showForm(f, { 'record-id': '42' });
    typeInto(control(element, 'nif'), '123456789');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => control(element, 'nif').getAttribute('aria-invalid') === 'true', 'nif never marked invalid');
    const nif = control(element, 'nif');
    const described = shadowOf(element).getElementById(nif.getAttribute('aria-describedby')!);
    expect(described?.textContent).to.equal('NIF inválido: deve ter 9 dígitos e um dígito de controlo correto.');
    const email = control(element, 'email');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(shadowOf(element).getElementById(email.getAttribute('aria-describedby')!)?.textContent).to.equal('Endereço de e-mail inválido.');
    expect(control(element, 'name').hasAttribute('aria-invalid')).to.equal(false);
    // NIF comes before Email in the form, so it takes the focus.
    await waitUntil(() => shadowOf(element).activeElement === nif, 'focus did not move to the first invalid field');
    expect(text(element)).to.include('Corrija os campos assinalados.');
    expect(text(element)).to.include('secret: Campo escondido.');
  });

  it('creates a record with POST and reports its new id', async () => {
    const f = freshFault();
    await f.script({ ...base, 'POST /members': { status: 201, body: { data: member(77, { name: 'Nova' }) } } });
    const element = await showForm(f);
    typeInto(control(element, 'name'), 'Nova');
    typeInto(control(element, 'number'), '');
    const saved: { id: string }[] = [];
    const onSaved = (e: CustomEvent<{ id: string }>) => saved.push(e.detail);
    document.addEventListener('associa-saved', onSaved);
    try {
      (await waitForButton(element, 'Guardar')).click();
      await waitUntil(() => saved.length === 1);
    } finally {
      document.removeEventListener('associa-saved', onSaved);
    }
    expect(saved[0]!.id).to.equal('77');
    const [post] = await f.requests('POST', '/members');
    const body = post!.body as Record<string, unknown>;
    expect(body).to.include({ name: 'Nova', number: null, active: false });
    expect(body).to.not.have.property('_id');
    // Now it exists: it can be deleted.
    await waitForButton(element, 'Apagar');
  });

  it('deletes only after confirming in a modal dialog', async () => {
    const f = freshFault();
    await f.script({ ...base, 'GET /members/42': { body: { data: member(42) } }, 'DELETE /members/42': { status: 204 } });
    const element = await showForm(f, { 'record-id': '42' });
    const dialog = shadowOf(element).querySelector('dialog')!;
    (await waitForButton(element, 'Apagar')).click();
    await waitUntil(() => dialog.open, 'dialog never opened');
    expect(dialog.textContent).to.include('Apagar este registo?');
    const inDialog = (label: string) => [...dialog.querySelectorAll('button')].find((b) => b.textContent === label)!;
    expect(shadowOf(element).activeElement === inDialog('Cancelar')).to.equal(true);
    inDialog('Cancelar').click();
    await waitUntil(() => !dialog.open);
    await sleep(50);
    expect(await f.requests('DELETE', '/members/42')).to.have.length(0);
    const deleted: unknown[] = [];
    const onDeleted = (e: CustomEvent) => deleted.push(e.detail);
    document.addEventListener('associa-deleted', onDeleted);
    try {
      buttonNamed(element, 'Apagar')!.click();
      await waitUntil(() => dialog.open);
      inDialog('Apagar').click();
      await waitUntil(() => deleted.length === 1, 'no associa-deleted event');
    } finally {
      document.removeEventListener('associa-deleted', onDeleted);
    }
    expect(deleted[0]).to.deep.equal({ resource: 'members', id: '42' });
    expect(await f.requests('DELETE', '/members/42')).to.have.length(1);
    await waitUntil(() => text(element).includes('Registo apagado.'));
  });

  it('shows read-only fields of the explainer without letting them change, and says when a record does not exist', async () => {
    const f = freshFault();
    const fields = MEMBER_FIELDS.map((x) => (x.name === 'state' || x.name === 'number' ? { ...x, readOnly: true } : x));
    fields.push(field({ name: 'password', type: 'password', label: 'Palavra-passe', group: 'Segurança' }));
    await f.script({ ...base, 'GET /explainer': explainerReply(fields), 'GET /members/42': { body: { data: member(42) } }, 'PUT /members/42': { body: { data: member(42) } }, 'GET /members/9': { status: 404 } });
    const element = await showForm(f, { 'record-id': '42', 'no-delete': 'true' });
    expect(control(element, 'number').readOnly).to.equal(true);
    expect(control<HTMLSelectElement>(element, 'state').disabled).to.equal(true);
    expect(control(element, 'password').type).to.equal('password');
    expect(control(element, 'password').value).to.equal('');
    expect(buttonNamed(element, 'Apagar') === undefined).to.equal(true);
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(async () => (await f.requests('PUT', '/members/42')).length === 1);
    const body = (await f.requests('PUT', '/members/42'))[0]!.body as Record<string, unknown>;
    expect(body).to.not.have.any.keys('number', 'state', 'password');
    const missing = await showForm(f, { 'record-id': '9' });
    expect(text(missing)).to.include('Registo não encontrado.');
  });

  it('asks POST /members/validate before saving: a refused record is not saved and each error shows on its field', async () => {
    const f = freshFault();
    await f.script({
      ...base,
      'GET /members/42': { body: { data: member(42) } },
      'POST /members/validate': [{ status: 422, body: { errors: { nif: NIF_ERROR } } }, valid],
      'PUT /members/42': { body: { data: member(42, { nif: '123456789' }) } },
    });
    const element = await showForm(f, { 'record-id': '42' });
    typeInto(control(element, 'nif'), '123456780');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => control(element, 'nif').getAttribute('aria-invalid') === 'true', 'the validate error never showed on the NIF');
    const nif = control(element, 'nif');
    expect(shadowOf(element).getElementById(nif.getAttribute('aria-describedby')!)?.textContent).to.equal(NIF_ERROR);
    expect(text(element)).to.include('Corrija os campos assinalados.');
    // The focus follows the error's render; on a busy machine a frame or two later.
    await waitUntil(() => shadowOf(element).activeElement === nif, 'the focus never moved to the NIF');
    const [asked] = await f.requests('POST', '/members/validate');
    expect(asked!.body).to.include({ _id: 42, nif: '123456780', name: 'Sócio 42' });
    typeInto(nif, '123456789');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => shadowOf(element).querySelector('[role="status"]')?.textContent === 'Registo guardado.', 'the second save never went through');
    // The refused attempt sent no PUT: one validate per attempt, and the only PUT after the second.
    expect(await writes(f)).to.deep.equal(['POST /members/validate', 'POST /members/validate', 'PUT /members/42']);
    expect(control(element, 'nif').hasAttribute('aria-invalid')).to.equal(false);
  });

  it('asks the server about a NIF or a number as the user leaves it, and shows only that field\'s answer', async () => {
    const f = freshFault();
    await f.script({
      ...base,
      'GET /explainer': explainerReply(CHECKED_FIELDS),
      'POST /members/validate': [
        { status: 422, body: { errors: { nif: NIF_ERROR, state: 'Campo obrigatório.' } } },
        { status: 422, body: { errors: { number: 'Já existe um registo com este valor.', state: 'Campo obrigatório.' } } },
        { status: 422, body: { errors: { state: 'Campo obrigatório.' } } },
      ],
    });
    const element = await showForm(f);
    // A field without server-only rules asks nothing when left.
    const name = control(element, 'name');
    name.focus();
    typeInto(name, 'Nova Sócia');
    name.blur();
    const nif = control(element, 'nif');
    nif.focus();
    typeInto(nif, '123456780');
    nif.blur();
    await waitUntil(() => nif.getAttribute('aria-invalid') === 'true', 'leaving the NIF never showed its error');
    expect(shadowOf(element).getElementById(nif.getAttribute('aria-describedby')!)?.textContent).to.equal(NIF_ERROR);
    // The state's error waits for the save: the user has not got there yet.
    expect(control<HTMLSelectElement>(element, 'state').hasAttribute('aria-invalid')).to.equal(false);
    const number = control(element, 'number');
    number.focus();
    typeInto(number, '7');
    number.blur();
    await waitUntil(() => number.getAttribute('aria-invalid') === 'true', 'leaving the number never showed its error');
    expect(text(element)).to.include('Já existe um registo com este valor.');
    // Corrected and left again: the NIF's error goes.
    nif.focus();
    typeInto(nif, '123456789');
    nif.blur();
    await waitUntil(() => !nif.hasAttribute('aria-invalid'), 'the corrected NIF kept its error');
    const asked = await f.requests('POST', '/members/validate');
    expect(asked.map((r) => (r.body as Record<string, unknown>).nif)).to.deep.equal(['123456780', '123456780', '123456789']);
    expect(asked[1]!.body).to.include({ number: 7, name: 'Nova Sócia' });
    expect(asked[0]!.body).to.not.have.property('_id');
  });

  it('keeps the "created" message when the new record opens in a form of its own, once', async () => {
    const f = freshFault();
    await f.script({ ...base, 'POST /members': { status: 201, body: { data: member(77, { name: 'Nova' }) } }, 'GET /members/77': { body: { data: member(77, { name: 'Nova' }) } } });
    const creating = await showForm(f);
    typeInto(control(creating, 'name'), 'Nova');
    // As the host does: the created record's own page replaces the form that created it.
    const opened: HTMLElement[] = [];
    const onSaved = (e: CustomEvent<{ id: string }>) => {
      creating.remove();
      opened.push(place(TAG, { resource: 'members', api: f.api, 'record-id': e.detail.id }));
    };
    document.addEventListener('associa-saved', onSaved);
    try {
      (await waitForButton(creating, 'Guardar')).click();
      await waitUntil(() => opened.length === 1, 'no associa-saved event');
    } finally {
      document.removeEventListener('associa-saved', onSaved);
    }
    const page = opened[0]!;
    await waitUntil(() => control(page, 'name')?.value === 'Nova', 'the new record never opened');
    expect(shadowOf(page).querySelector('[role="status"]')?.textContent).to.equal('Registo criado.');
    expect(await writes(f)).to.deep.equal(['POST /members/validate', 'POST /members']);
    // The message was news once: opening the record again says nothing.
    const again = await showForm(f, { 'record-id': '77' });
    await waitUntil(() => control(again, 'name')?.value === 'Nova');
    expect(shadowOf(again).querySelector('[role="status"]')).to.equal(null);
  });
});
