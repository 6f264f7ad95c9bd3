import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { defineElement } from '../../../src/widgets/kit/index.js';
import { captureConsole, inShadow, place, removePlaced, shadowOf, sleep, uniqueTag, type ConsoleCapture } from './fixtures.js';

const lifecycle = { mounts: 0, unmounts: 0 };

function Counter() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    lifecycle.mounts += 1;
    return () => {
      lifecycle.unmounts += 1;
    };
  }, []);
  return (
    <button type="button" data-count={count} onClick={() => setCount((current) => current + 1)}>
      {count}
    </button>
  );
}

const tag = uniqueTag('lifecycle');
defineElement(tag, Counter, { attributes: {} });

/** Mounted effects, net of StrictMode's development-only mount, unmount, mount. */
function liveMounts(): number {
  return lifecycle.mounts - lifecycle.unmounts;
}

async function clickTimes(button: HTMLButtonElement, times: number): Promise<void> {
  for (let click = 0; click < times; click += 1) button.click();
  await waitUntil(() => button.dataset.count === String(times));
}

describe('kit element lifecycle', () => {
  let consoleCapture: ConsoleCapture;
  beforeEach(() => {
    lifecycle.mounts = 0;
    lifecycle.unmounts = 0;
    consoleCapture = captureConsole();
  });
  afterEach(async () => {
    consoleCapture.restore();
    removePlaced();
    // Lets the deferred unmounts of this test run before the next one counts.
    await waitUntil(() => liveMounts() === 0, 'an element of this test never unmounted');
  });

  it('unmounts React shortly after removal, with no warning', async () => {
    const element = place(tag);
    await inShadow(element, 'button');
    expect(liveMounts()).to.equal(1);
    element.remove();
    await waitUntil(() => liveMounts() === 0, 'never unmounted');
    expect(shadowOf(element).childNodes.length).to.equal(0);
    expect(consoleCapture.messages).to.deep.equal([]);
  });

  it('raises no warning when a React tree removes the element while committing', async () => {
    const appHost = place('div');
    const root = createRoot(appHost);
    const Tag = tag as unknown as 'div';
    root.render(<Tag />);
    await waitUntil(() => appHost.querySelector(tag)?.shadowRoot?.querySelector('button'), 'element never rendered');
    root.render(<p>outra página</p>);
    await waitUntil(() => appHost.querySelector('p') && liveMounts() === 0, 'element never unmounted');
    root.unmount();
    expect(consoleCapture.messages).to.deep.equal([]);
  });

  it('keeps its React state when moved to another parent', async () => {
    const element = place(tag);
    const first = element.parentElement!;
    await clickTimes(await inShadow<HTMLButtonElement>(element, 'button'), 3);
    const second = place('section');
    second.append(element);
    await sleep(50);
    const button = await inShadow<HTMLButtonElement>(element, 'button');
    expect(button.dataset.count).to.equal('3');
    expect(element.parentElement).to.equal(second);
    expect(first.contains(element)).to.equal(false);
    expect(liveMounts()).to.equal(1);
    button.click();
    await waitUntil(() => button.dataset.count === '4', 'the moved element stopped responding');
    expect(consoleCapture.messages).to.deep.equal([]);
  });

  it('does not render while detached, and renders once attached', async () => {
    const element = document.createElement(tag);
    element.setAttribute('api', '/api');
    await sleep(30);
    expect(shadowOf(element).childNodes.length).to.equal(0);
    expect(liveMounts()).to.equal(0);
    place('div').append(element);
    await inShadow(element, 'button');
    expect(liveMounts()).to.equal(1);
    expect(consoleCapture.messages).to.deep.equal([]);
  });

  it('starts afresh when attached again after it was unmounted', async () => {
    const element = place(tag);
    await clickTimes(await inShadow<HTMLButtonElement>(element, 'button'), 2);
    const parent = element.parentElement!;
    element.remove();
    await waitUntil(() => liveMounts() === 0);
    parent.append(element);
    const button = await inShadow<HTMLButtonElement>(element, 'button');
    expect(button.dataset.count).to.equal('0');
    expect(shadowOf(element).querySelectorAll('[part="root"]').length).to.equal(1);
    expect(consoleCapture.messages).to.deep.equal([]);
  });
});
