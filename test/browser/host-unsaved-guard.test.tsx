// The host's router asks before any in-app navigation leaves unsaved changes: links,
// `associa-navigate` from elements, back and forward. Real history, real dialog, real form.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, Route, Switch } from 'wouter';
import { GuardedRouter } from '../../src/host/routing/guarded-router.js';
import { dispatchAssociaEvent } from '../../src/widgets/kit/index.js';
import '../../src/widgets/resource-form/element.js';
import { sleep } from './kit/fixtures.js';
import { disposeCores, explainerReply, freshFault, member, statesReply, tagsReply, typeInto } from './resource-fixtures.js';

const startUrl = location.href;
let container: HTMLElement;
let root: Root;

/** A stand-in for an element with a form: says it is dirty, or clean, like the resource form. */
function Editor({ id }: { id: string }) {
  return <div data-editor={id} />;
}

function say(dirty: boolean, id = 'a') {
  dispatchAssociaEvent(document.querySelector(`[data-editor="${id}"]`)!, 'associa-dirty', { dirty });
}

function mount(children?: ReactNode) {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(
    <GuardedRouter>
      <nav>
        <Link href="/guarda/a">Página A</Link>
        <Link href="/guarda/b">Página B</Link>
      </nav>
      <Switch>
        <Route path="/guarda/a">
          <h1>A</h1>
          <Editor id="a" />
          {children}
        </Route>
        <Route path="/guarda/b">
          <h1>B</h1>
          <Editor id="b" />
        </Route>
      </Switch>
    </GuardedRouter>,
  );
}

const heading = () => container.querySelector('h1')?.textContent ?? null;
const dialog = () => container.querySelector('dialog')!;
/** The question is placed the first time it is asked (its own chunk): not there is not open. */
const asking = () => container.querySelector('dialog')?.open === true;
const link = (name: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === name)!;
const dialogButton = (name: string) => [...dialog().querySelectorAll('button')].find((b) => b.textContent === name)!;

async function start() {
  history.pushState(null, '', '/guarda/a');
  mount();
  await waitUntil(() => heading() === 'A', 'page A never showed');
}

describe('the host router with unsaved changes', () => {
  afterEach(async () => {
    root.unmount();
    container.remove();
    disposeCores();
    await sleep(0);
    history.replaceState(null, '', startUrl);
  });

  it('follows links at once while nothing is unsaved', async () => {
    await start();
    link('Página B').click();
    await waitUntil(() => heading() === 'B');
    expect(asking()).to.equal(false);
    expect(location.pathname).to.equal('/guarda/b');
  });

  it('asks before a link leaves unsaved changes; Cancelar stays, "Sair sem guardar" leaves', async () => {
    await start();
    say(true);
    link('Página B').click();
    await waitUntil(() => asking(), 'no question before leaving');
    expect(dialog().textContent).to.include('Sair sem guardar as alterações?');
    expect(dialog().textContent).to.include('Há alterações por guardar nesta página. Se sair agora, perdem-se.');
    // The safe choice has the focus.
    expect(document.activeElement === dialogButton('Cancelar')).to.equal(true);
    expect(location.pathname).to.equal('/guarda/a');
    dialogButton('Cancelar').click();
    await waitUntil(() => !asking());
    await sleep(50);
    expect(heading()).to.equal('A');
    expect(location.pathname).to.equal('/guarda/a');
    // Still unsaved: asked again, and this time the user leaves.
    link('Página B').click();
    await waitUntil(() => asking());
    dialogButton('Sair sem guardar').click();
    await waitUntil(() => heading() === 'B');
    expect(location.pathname).to.equal('/guarda/b');
    // The dropped changes do not follow the user to the next page.
    link('Página A').click();
    await waitUntil(() => heading() === 'A');
    expect(asking()).to.equal(false);
  });

  it('lets the user go once the changes are saved (the element says it is clean)', async () => {
    await start();
    say(true);
    say(false);
    link('Página B').click();
    await waitUntil(() => heading() === 'B');
    expect(asking()).to.equal(false);
  });

  it('guards associa-navigate from elements the same way', async () => {
    await start();
    say(true);
    const handled = !dispatchAssociaEvent(document.querySelector('[data-editor="a"]')!, 'associa-navigate', { path: '/guarda/b' });
    expect(handled).to.equal(true);
    await waitUntil(() => asking());
    expect(heading()).to.equal('A');
    dialogButton('Sair sem guardar').click();
    await waitUntil(() => heading() === 'B');
  });

  it('undoes back and forward while changes are unsaved, and redoes them if the user agrees', async () => {
    await start();
    link('Página B').click();
    await waitUntil(() => heading() === 'B');
    say(true, 'b');
    history.back();
    await waitUntil(() => asking(), 'back did not ask');
    // The form's page never went away, and the address came back to it.
    await waitUntil(() => location.pathname === '/guarda/b', 'the address was not put back');
    expect(heading()).to.equal('B');
    dialogButton('Cancelar').click();
    await sleep(100);
    expect(heading()).to.equal('B');
    expect(location.pathname).to.equal('/guarda/b');
    history.back();
    await waitUntil(() => asking());
    dialogButton('Sair sem guardar').click();
    await waitUntil(() => heading() === 'A', 'agreeing did not go back');
    expect(location.pathname).to.equal('/guarda/a');
    // Forward again, nothing unsaved now: no question.
    history.forward();
    await waitUntil(() => heading() === 'B');
    expect(asking()).to.equal(false);
  });

  it('asks when a real resource form has unsaved edits, and not after it saved them', async () => {
    const f = freshFault();
    const record = member(42, { _version: 1 });
    await f.script({
      'GET /explainer': explainerReply(),
      'GET /member_states': statesReply,
      'GET /tags': tagsReply,
      'GET /members/42': { body: { data: record } },
      'PUT /members/42': { body: { data: { ...record, _version: 2, name: 'Outro nome' } } },
    });
    history.pushState(null, '', '/guarda/a');
    mount(createElement('associa-resource-form', { resource: 'members', 'record-id': '42', api: f.api }));
    const shadow = () => container.querySelector('associa-resource-form')?.shadowRoot;
    await waitUntil(() => shadow()?.querySelector('[name="name"]'), 'the form never rendered');
    const form = shadow()!;
    typeInto(form.querySelector<HTMLInputElement>('[name="name"]')!, 'Outro nome');
    await waitUntil(() => form.textContent?.includes('Há alterações por guardar.'));
    link('Página B').click();
    await waitUntil(() => asking(), 'no question with a dirty form');
    dialogButton('Cancelar').click();
    await waitUntil(() => !asking());
    expect(form.querySelector<HTMLInputElement>('[name="name"]')!.value).to.equal('Outro nome');
    [...form.querySelectorAll('button')].find((b) => b.textContent === 'Guardar')!.click();
    await waitUntil(() => form.textContent?.includes('Registo guardado.'));
    link('Página B').click();
    await waitUntil(() => heading() === 'B');
    expect(asking()).to.equal(false);
  });
});
