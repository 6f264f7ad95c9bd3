// After a navigation the focus goes to the new page's heading (WCAG 2.4.3), also when the page
// loads on demand and draws its heading late, but not once the user has acted meanwhile.
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.js';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { RouteAnnouncer, useRouteFocus } from '../../src/host/shell/route-focus.js';

let container: HTMLElement;
let root: Root;

function Shell({ location, title }: { location: string; title: string | null }) {
  const main = useRef<HTMLElement>(null);
  const announcement = useRouteFocus(main, location, title);
  return (
    <>
      <header>
        <button type="button">Menu do utilizador</button>
      </header>
      <main ref={main}>{title === null ? <p>A carregar...</p> : <h1>{title}</h1>}</main>
      <RouteAnnouncer text={announcement} />
    </>
  );
}

const show = (location: string, title: string | null) => flushSync(() => root.render(<Shell location={location} title={title} />));
const menuButton = () => container.querySelector('header button') as HTMLButtonElement;
const heading = () => container.querySelector('h1');
/** What has the focus, as text: an element itself would make a failing assertion print React's internals. */
const focused = () => `${document.activeElement?.tagName.toLowerCase()}: ${document.activeElement?.textContent}`;

describe('focus after a navigation', () => {
  beforeEach(() => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    show('/socios', 'Sócios');
  });
  afterEach(() => {
    root.unmount();
    container.remove();
  });

  it('moves to the heading of a page that draws it late, from the link outside the page that led there', async () => {
    menuButton().focus();
    show('/utilizadores/7', null);
    expect(focused()).to.equal('button: Menu do utilizador');
    show('/utilizadores/7', 'Utilizador');
    await waitUntil(() => document.activeElement === heading(), 'the late heading never took the focus');
    expect(container.querySelector('[data-route-announcer]')!.textContent).to.equal('Utilizador');
  });

  it('leaves the focus where the user put it while the page loaded', async () => {
    show('/utilizadores/7', null);
    // The user opens the user menu before the page has drawn its heading.
    menuButton().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    menuButton().focus();
    show('/utilizadores/7', 'Utilizador');
    await waitUntil(() => container.querySelector('[data-route-announcer]')!.textContent === 'Utilizador', 'the page title was never announced');
    expect(focused()).to.equal('button: Menu do utilizador');
  });

  it('does the same for a key pressed while the page loaded, and acts again on the next navigation', async () => {
    show('/utilizadores/7', null);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    menuButton().focus();
    show('/utilizadores/7', 'Utilizador');
    await waitUntil(() => container.querySelector('[data-route-announcer]')!.textContent === 'Utilizador');
    expect(focused()).to.equal('button: Menu do utilizador');
    show('/socios', 'Sócios');
    await waitUntil(() => document.activeElement === heading(), 'the next navigation did not focus its heading');
  });
});
