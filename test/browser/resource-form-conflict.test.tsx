// Two people editing one record: the stale save's conflict view, field-by-field merging, and
// an open form hearing over realtime that the record changed or was deleted.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { getCore } from '../../src/core/index.js';
import '../../src/widgets/resource-form/element.js';
import { place, removePlaced, shadowOf, sleep } from './kit/fixtures.js';
import { all, buttonNamed, disposeCores, explainerReply, freshFault, member, statesReply, tagsReply, text, typeInto, waitForButton } from './resource-fixtures.js';
import { tokenPair, type Fault, type Reply } from './support/fault.js';

const TAG = 'associa-resource-form';
// Every save is judged first (SPEC 5): the record is valid, the version question is the save's.
const base = { 'GET /explainer': explainerReply(), 'GET /member_states': statesReply, 'GET /tags': tagsReply, 'POST /members/validate': { body: { errors: {} } } };

/** As opened: version 3. */
const opened = member(42, { _version: 3, name: 'Ana Silva', email: 'ana@exemplo.pt', tags: [7] });
/** Someone else saved version 4 meanwhile: a new name, e-mail and phone. */
const theirs = { ...opened, _version: 4, name: 'Ana Maria Silva', email: 'ana.silva@exemplo.pt', phone: '+351 933 000 111' };
const stale = { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'stale_version', message: 'Este registo foi alterado por outra pessoa entretanto.', data: theirs } };

function control<E extends HTMLElement = HTMLInputElement>(element: Element, name: string): E {
  return shadowOf(element).querySelector<E>(`[name="${name}"]`)!;
}

async function showForm(f: Fault) {
  const element = place(TAG, { resource: 'members', api: f.api, 'record-id': '42' });
  await waitUntil(() => control(element, 'name') !== null, 'the form never rendered');
  return element;
}

/** Row of the conflict table for a field: its three values and what stays. */
function row(element: Element, field: string) {
  const tr = shadowOf(element).querySelector(`tr[data-field="${field}"]`);
  if (!tr) return null;
  const cell = (which: string) => tr.querySelector(`[data-value="${which}"]`)!.textContent;
  return { kind: tr.getAttribute('data-merge'), base: cell('base'), mine: cell('mine'), theirs: cell('theirs'), result: tr.lastElementChild!.textContent };
}

function choose(element: Element, field: string, label: 'Manter a minha' | 'Usar a guardada') {
  const labels = all<HTMLLabelElement>(element, `fieldset[data-field="${field}"] label`);
  labels.find((l) => l.textContent === label)!.querySelector('input')!.click();
}

const puts = async (f: Fault) => (await f.requests('PUT', '/members/42')).map((r) => r.body as Record<string, unknown>);

/** The user's own edits: the name (which the other person also changed) and the NIF (which they did not). */
async function editNameAndNif(element: Element) {
  typeInto(control(element, 'name'), 'Ana S. Costa');
  typeInto(control(element, 'nif'), '501964843');
  await waitUntil(() => text(element).includes('Há alterações por guardar.'));
}

async function openConflict(f: Fault, second: Reply = { body: { data: { ...theirs, _version: 5 } } }) {
  await f.script({ ...base, 'GET /members/42': { body: { data: opened } }, 'PUT /members/42': [stale, second] });
  const element = await showForm(f);
  await editNameAndNif(element);
  (await waitForButton(element, 'Guardar')).click();
  await waitUntil(() => text(element).includes('Este registo foi alterado por outra pessoa enquanto o editava.'), 'no conflict view');
  return element;
}

describe('<associa-resource-form> when someone else saved first', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('sends the version it was opened with, and on 409 shows each changed field as opened, as typed and as stored', async () => {
    const f = freshFault();
    const element = await openConflict(f);
    const [first] = await puts(f);
    expect(first).to.include({ _version: 3, name: 'Ana S. Costa', nif: '501964843' });
    // Both changed the name: the user chooses.
    expect(row(element, 'name')).to.include({ kind: 'both', base: 'Ana Silva', mine: 'Ana S. Costa', theirs: 'Ana Maria Silva' });
    expect(row(element, 'name')!.result).to.include('Manter a minha').and.include('Usar a guardada');
    // Only the user changed the NIF: kept. Only the other person changed e-mail and phone: taken.
    expect(row(element, 'nif')).to.deep.equal({ kind: 'mine', base: '123456789', mine: '501964843', theirs: '123456789', result: 'A sua (só você alterou)' });
    expect(row(element, 'email')).to.include({ kind: 'theirs', mine: 'ana@exemplo.pt', theirs: 'ana.silva@exemplo.pt', result: 'A guardada (só a outra pessoa alterou)' });
    expect(row(element, 'phone')).to.include({ kind: 'theirs', theirs: '+351 933 000 111' });
    // Fields nobody changed are not listed; references are shown by name.
    expect(row(element, 'state')).to.equal(null);
    expect(row(element, 'tags')).to.equal(null);
    // Focus moves to the news.
    await waitUntil(() => shadowOf(element).activeElement?.tagName === 'H3', 'focus did not move to the conflict heading');
  });

  it('asks for a choice where both changed, then saves the merge against the stored version', async () => {
    const f = freshFault();
    const element = await openConflict(f);
    buttonNamed(element, 'Guardar com estas escolhas')!.click();
    await waitUntil(() => text(element).includes('Escolha o valor a manter em cada campo que ambos alteraram.'));
    await sleep(50);
    expect(await puts(f)).to.have.length(1);
    choose(element, 'name', 'Usar a guardada');
    const saved: unknown[] = [];
    const onSaved = (e: CustomEvent) => saved.push(e.detail);
    document.addEventListener('associa-saved', onSaved);
    try {
      buttonNamed(element, 'Guardar com estas escolhas')!.click();
      await waitUntil(() => saved.length === 1, 'the merge was never saved');
    } finally {
      document.removeEventListener('associa-saved', onSaved);
    }
    const second = (await puts(f))[1]!;
    // Against version 4, with their name, e-mail and phone and the user's NIF.
    expect(second).to.include({ _version: 4, name: 'Ana Maria Silva', email: 'ana.silva@exemplo.pt', phone: '+351 933 000 111', nif: '501964843' });
    expect(second.tags).to.deep.equal([7]);
    await waitUntil(() => shadowOf(element).querySelector('[role="status"]')?.textContent === 'Registo guardado.');
    expect(text(element)).to.not.include('Há alterações por guardar.');
  });

  it('puts a merge keeping the user’s value back into the form, to review and save', async () => {
    const f = freshFault();
    const element = await openConflict(f);
    choose(element, 'name', 'Manter a minha');
    buttonNamed(element, 'Aplicar e continuar a editar')!.click();
    await waitUntil(() => control(element, 'name')?.value === 'Ana S. Costa', 'the form did not come back with the merge');
    expect(control(element, 'email').value).to.equal('ana.silva@exemplo.pt');
    expect(control(element, 'phone').value).to.equal('+351 933 000 111');
    expect(control(element, 'nif').value).to.equal('501964843');
    expect(text(element)).to.include('As alterações foram combinadas.');
    expect(text(element)).to.include('Há alterações por guardar.');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(async () => (await puts(f)).length === 2);
    expect((await puts(f))[1]).to.include({ _version: 4, name: 'Ana S. Costa', email: 'ana.silva@exemplo.pt', nif: '501964843' });
  });

  it('shows the conflict again when someone saved once more, and can drop the user’s changes on request', async () => {
    const f = freshFault();
    const again = { ...theirs, _version: 5, notes: 'Mudou a morada.' };
    const element = await openConflict(f, { status: 409, body: { ...stale.body, data: again } });
    choose(element, 'name', 'Manter a minha');
    buttonNamed(element, 'Guardar com estas escolhas')!.click();
    await waitUntil(() => row(element, 'notes')?.kind === 'theirs', 'no second conflict view');
    expect((await puts(f))[1]).to.include({ _version: 4 });
    // Now based on version 4: the user's merged name and NIF are their side, the new note the other's.
    expect(row(element, 'name')).to.include({ kind: 'mine', base: 'Ana Maria Silva', mine: 'Ana S. Costa' });
    expect(row(element, 'nif')).to.include({ kind: 'mine' });
    buttonNamed(element, 'Descartar as minhas alterações')!.click();
    await waitUntil(() => control(element, 'name')?.value === 'Ana Maria Silva');
    expect(control<HTMLTextAreaElement>(element, 'notes').value).to.equal('Mudou a morada.');
    expect(control(element, 'nif').value).to.equal('123456789');
    expect(text(element)).to.not.include('Há alterações por guardar.');
  });
});

describe('<associa-resource-form> when someone else changed only what the form does not show', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  const notesOnly = { ...opened, _version: 4, notes: 'Nota da tesouraria.' };

  it('saves again on the stored version by itself, keeping the hidden change', async () => {
    const f = freshFault();
    await f.script({
      ...base,
      'GET /members/42': { body: { data: opened } },
      'PUT /members/42': [{ ...stale, body: { ...stale.body, data: notesOnly } }, { body: { data: { ...notesOnly, _version: 5, name: 'Ana S. Costa' } } }],
    });
    const element = place(TAG, { resource: 'members', api: f.api, 'record-id': '42', 'hidden-fields': 'notes' });
    await waitUntil(() => control(element, 'name') !== null, 'the form never rendered');
    typeInto(control(element, 'name'), 'Ana S. Costa');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(() => text(element).includes('Registo guardado.'), 'the second save never happened');
    const [first, second] = await puts(f);
    expect(first).to.include({ _version: 3, notes: '' });
    expect(second).to.include({ _version: 4, name: 'Ana S. Costa', notes: 'Nota da tesouraria.' });
    expect(text(element)).to.not.include('enquanto o editava');
  });
});

describe('<associa-resource-form> hearing of other people’s changes while open', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  async function connected(f: Fault) {
    const core = getCore(f.api);
    core.tokens.set(tokenPair());
    core.realtime.start();
    await waitUntil(() => core.realtime.connected.value, 'socket never connected');
  }

  const announce = (f: Fault, action: 'updated' | 'deleted') => f.wsSend({ topic: 'members changed', payload: { resource: 'members', action, id: 42 } });

  it('says so before the user saves, and reviews the changes in the conflict view', async () => {
    const f = freshFault();
    await f.script({ ...base, 'GET /members/42': { body: { data: opened } } });
    await connected(f);
    const element = await showForm(f);
    await editNameAndNif(element);
    await f.script({ 'GET /members/42': { body: { data: theirs } } });
    // Another record's change is not this form's business.
    await f.wsSend({ topic: 'members changed', payload: { resource: 'members', action: 'updated', id: 41 } });
    await announce(f, 'updated');
    await waitUntil(() => text(element).includes('Este registo foi alterado por outra pessoa. Reveja as alterações antes de guardar'), 'no remote-change banner');
    expect((await f.requests('GET', '/members/41')).length).to.equal(0);
    // What the user typed is untouched until they choose.
    expect(control(element, 'name').value).to.equal('Ana S. Costa');
    expect(control(element, 'email').value).to.equal('ana@exemplo.pt');
    (await waitForButton(element, 'Rever alterações')).click();
    await waitUntil(() => row(element, 'name')?.kind === 'both');
    expect(row(element, 'email')).to.include({ kind: 'theirs' });
    choose(element, 'name', 'Manter a minha');
    buttonNamed(element, 'Aplicar e continuar a editar')!.click();
    await waitUntil(() => control(element, 'email')?.value === 'ana.silva@exemplo.pt');
    expect(control(element, 'name').value).to.equal('Ana S. Costa');
    expect(text(element)).to.not.include('Reveja as alterações antes de guardar');
  });

  it('moves the user’s edits onto the new version quietly when nothing shown changed', async () => {
    const f = freshFault();
    await f.script({ ...base, 'GET /members/42': { body: { data: opened } }, 'PUT /members/42': { body: { data: { ...opened, _version: 5 } } } });
    await connected(f);
    const element = place(TAG, { resource: 'members', api: f.api, 'record-id': '42', 'hidden-fields': 'notes' });
    await waitUntil(() => control(element, 'name') !== null, 'the form never rendered');
    await editNameAndNif(element);
    await f.script({ 'GET /members/42': { body: { data: { ...opened, _version: 4, notes: 'Nota da tesouraria.' } } } });
    await announce(f, 'updated');
    await waitUntil(async () => (await f.requests('GET', '/members/42')).length === 2, 'the change was not read');
    await sleep(100);
    expect(text(element)).to.not.include('alterado por outra pessoa');
    expect(control(element, 'name').value).to.equal('Ana S. Costa');
    (await waitForButton(element, 'Guardar')).click();
    await waitUntil(async () => (await puts(f)).length === 1);
    expect((await puts(f))[0]).to.include({ _version: 4, name: 'Ana S. Costa', nif: '501964843', notes: 'Nota da tesouraria.' });
  });

  it('loads someone else’s change into a form the user has not touched', async () => {
    const f = freshFault();
    await f.script({ ...base, 'GET /members/42': { body: { data: opened } } });
    await connected(f);
    const element = await showForm(f);
    await f.script({ 'GET /members/42': { body: { data: theirs } } });
    await announce(f, 'updated');
    await waitUntil(() => control(element, 'name').value === 'Ana Maria Silva', 'the untouched form was not refreshed');
    expect(text(element)).to.include('O formulário mostra agora os dados atuais.');
    expect(text(element)).to.not.include('Há alterações por guardar.');
  });

  it('does not take its own save for someone else’s', async () => {
    const f = freshFault();
    const mine = { ...opened, _version: 4, name: 'Ana S. Costa', nif: '501964843' };
    await f.script({ ...base, 'GET /members/42': { body: { data: opened } }, 'PUT /members/42': { body: { data: mine }, delayMs: 300 } });
    await connected(f);
    const element = await showForm(f);
    await editNameAndNif(element);
    // Not even for a moment.
    let warned = false;
    const watcher = new MutationObserver(() => {
      warned ||= text(element).includes('alterado por outra pessoa');
    });
    watcher.observe(shadowOf(element), { subtree: true, childList: true, characterData: true });
    try {
      (await waitForButton(element, 'Guardar')).click();
      // The server announces the write before its answer arrives; reading then finds version 4.
      await f.script({ 'GET /members/42': { body: { data: mine } } });
      await announce(f, 'updated');
      await waitUntil(() => text(element).includes('Registo guardado.'));
      await waitUntil(async () => (await f.requests('GET', '/members/42')).length === 2, 'the announced change was not read back');
      await sleep(100);
    } finally {
      watcher.disconnect();
    }
    expect(warned).to.equal(false);
  });

  it('says when the record was deleted by someone else, keeps what was typed and offers no save', async () => {
    const f = freshFault();
    await f.script({ ...base, 'GET /members/42': { body: { data: opened } } });
    await connected(f);
    const element = await showForm(f);
    await editNameAndNif(element);
    await announce(f, 'deleted');
    await waitUntil(() => text(element).includes('Este registo foi apagado por outra pessoa.'), 'no deletion notice');
    expect(control(element, 'name').value).to.equal('Ana S. Costa');
    expect(buttonNamed(element, 'Guardar')!.disabled).to.equal(true);
    expect(buttonNamed(element, 'Apagar')).to.equal(undefined);
  });
});

describe('<associa-resource-form> unsaved changes', () => {
  afterEach(() => {
    removePlaced();
    disposeCores();
  });

  it('reports dirtiness with associa-dirty, and clean before associa-saved', async () => {
    const f = freshFault();
    await f.script({ ...base, 'GET /members/42': { body: { data: opened } }, 'PUT /members/42': { body: { data: { ...opened, _version: 4, name: 'Outro' } } } });
    const events: string[] = [];
    const onDirty = (e: CustomEvent<{ dirty: boolean }>) => events.push(`dirty:${e.detail.dirty}`);
    const onSaved = () => events.push('saved');
    document.addEventListener('associa-dirty', onDirty);
    document.addEventListener('associa-saved', onSaved);
    try {
      const element = await showForm(f);
      typeInto(control(element, 'name'), 'Outro');
      await waitUntil(() => events.includes('dirty:true'));
      // Typing the value back is not a change.
      typeInto(control(element, 'name'), 'Ana Silva');
      await waitUntil(() => events.includes('dirty:false'));
      typeInto(control(element, 'name'), 'Outro');
      await waitUntil(() => events.length === 3);
      (await waitForButton(element, 'Guardar')).click();
      await waitUntil(() => events.includes('saved'));
      expect(events).to.deep.equal(['dirty:true', 'dirty:false', 'dirty:true', 'dirty:false', 'saved']);
    } finally {
      document.removeEventListener('associa-dirty', onDirty);
      document.removeEventListener('associa-saved', onSaved);
    }
  });
});
