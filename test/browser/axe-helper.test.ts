import { expect } from '@open-wc/testing';
import { expectAccessible } from './support/axe.js';

describe('expectAccessible (axe-core, WCAG 2.1 AA)', () => {
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => host.remove());

  it('fails on a violation inside a shadow root, naming the rule and the node', async () => {
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<p>Nome</p><input data-unlabelled>';
    const failure = await expectAccessible(host).then(
      () => null,
      (error: Error) => error.message,
    );
    // The target names the shadow host, then the node inside its shadow root.
    expect(failure).to.match(/^label \(critical\) \[\["div","input"\]\]/m);
  });

  it('passes the same control once it has a label', async () => {
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<label>Nome <input></label>';
    await expectAccessible(host);
  });
});
