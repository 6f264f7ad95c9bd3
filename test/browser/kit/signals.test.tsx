import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { signal } from '@preact/signals-core';
import { defineElement, useSignalValue } from '../../../src/widgets/kit/index.js';
import { inShadow, place, removePlaced, shadowOf, uniqueTag } from './fixtures.js';

const memberCount = signal(3);

function MemberCount() {
  return <output>{useSignalValue(memberCount)}</output>;
}

const tag = uniqueTag('signals');
defineElement(tag, MemberCount, { attributes: {} });

describe('kit signals', () => {
  afterEach(removePlaced);

  it('re-renders an element when a core signal it reads changes', async () => {
    const element = place(tag);
    expect((await inShadow(element, 'output')).textContent).to.equal('3');
    memberCount.value = 4;
    await waitUntil(() => shadowOf(element).querySelector('output')?.textContent === '4', 'did not follow the signal');
  });
});
