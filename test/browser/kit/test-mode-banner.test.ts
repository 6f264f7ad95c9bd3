import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import '../../../src/widgets/test-mode-banner/element.js';
import { inShadow, place, removePlaced } from './fixtures.js';

describe('<associa-test-mode-banner>', () => {
  afterEach(removePlaced);

  it('shows the spec text word for word as a status', async () => {
    const element = place('associa-test-mode-banner');
    const banner = await inShadow(element, '[role="status"]');
    expect(banner.textContent).to.equal('Aplicação em modo de testes. Toda a informação é fictícia.');
  });

  it('takes its colours from the theme tokens', async () => {
    const element = place('associa-test-mode-banner');
    element.style.setProperty('--associa-color-warning-surface', 'rgb(10, 20, 30)');
    const banner = await inShadow(element, '[role="status"]');
    expect(getComputedStyle(banner).backgroundColor).to.equal('rgb(10, 20, 30)');
  });

  it('sticks to the top of the page with sticky="true"', async () => {
    const element = place('associa-test-mode-banner', { sticky: 'true' });
    await inShadow(element, '[role="status"]');
    expect(getComputedStyle(element).position).to.equal('sticky');
    element.setAttribute('sticky', 'false');
    await waitUntil(() => getComputedStyle(element).position === 'static', 'still sticky after sticky="false"');
  });
});
