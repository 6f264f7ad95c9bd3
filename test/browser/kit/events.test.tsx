import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { defineElement, useElementEvents, type AssociaEvent } from '../../../src/widgets/kit/index.js';
import { inShadow, place, removePlaced, uniqueTag } from './fixtures.js';

function Saver() {
  const dispatch = useElementEvents();
  return (
    <button
      type="button"
      onClick={(event) => {
        const proceeded = dispatch('associa-saved', { resource: 'members', id: '42' });
        event.currentTarget.dataset.proceeded = String(proceeded);
      }}
    >
      Guardar
    </button>
  );
}

const tag = uniqueTag('events');
defineElement(tag, Saver, { attributes: {} });

describe('kit events', () => {
  afterEach(removePlaced);

  it('dispatches a typed CustomEvent that bubbles to the document', async () => {
    const element = place(tag);
    const received: AssociaEvent<'associa-saved'>[] = [];
    const listener = (event: AssociaEvent<'associa-saved'>) => received.push(event);
    document.addEventListener('associa-saved', listener);
    try {
      (await inShadow<HTMLButtonElement>(element, 'button')).click();
      await waitUntil(() => received.length === 1);
      const [event] = received;
      expect(event!.detail).to.deep.equal({ resource: 'members', id: '42' });
      expect(event!.bubbles).to.equal(true);
      expect(event!.composed).to.equal(true);
      expect(event!.target).to.equal(element);
    } finally {
      document.removeEventListener('associa-saved', listener);
    }
  });

  it('crosses the shadow boundary of a page component that holds the element', async () => {
    const outerHost = place('div');
    const outerRoot = outerHost.attachShadow({ mode: 'open' });
    const element = place(tag, {}, outerRoot);
    const seenOnBody: EventTarget[] = [];
    const seenOnElement: EventTarget[] = [];
    const onBody = (event: Event) => seenOnBody.push(event.target!);
    const onElement = (event: Event) => seenOnElement.push(event.target!);
    document.body.addEventListener('associa-saved', onBody);
    element.addEventListener('associa-saved', onElement);
    try {
      (await inShadow<HTMLButtonElement>(element, 'button')).click();
      await waitUntil(() => seenOnBody.length === 1);
      expect(seenOnElement).to.deep.equal([element]);
      // Retargeted: outside the outer shadow root the event comes from its host.
      expect(seenOnBody).to.deep.equal([outerHost]);
    } finally {
      document.body.removeEventListener('associa-saved', onBody);
    }
  });

  it('tells the element when a listener handled the event (preventDefault)', async () => {
    const element = place(tag);
    element.addEventListener('associa-saved', (event) => event.preventDefault());
    const button = await inShadow<HTMLButtonElement>(element, 'button');
    button.click();
    await waitUntil(() => button.dataset.proceeded !== undefined);
    expect(button.dataset.proceeded).to.equal('false');
  });
});
