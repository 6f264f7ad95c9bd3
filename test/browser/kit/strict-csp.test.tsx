// Elements on a website whose Content Security Policy forbids inline styles
// (`style-src 'self'`, no 'unsafe-inline'): Chromium refuses every <style> element there,
// in the document and in shadow roots alike, so the kit must style elements another way.
// Each test renders the same elements in a frame with that policy and in one without, and
// compares what Chromium paints.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { setViewport } from '@web/test-runner-commands';
import { differingPixels, pixelsOfColour, screenshot } from './screenshots.js';
import { sleep } from './fixtures.js';

const STRICT_POLICY = `<meta http-equiv="Content-Security-Policy" content="style-src 'self'">`;
const FRAME = { width: 760, height: 760 };

interface FrameWindow extends Window {
  violations: string[];
}

// The elements' API address is absolute: a srcdoc frame's own address (about:srcdoc) resolves nothing.
function frameHtml(policy: string): string {
  return `<!doctype html>
<html lang="pt-PT">
  <head>
    <meta charset="utf-8">
    ${policy}
    <script>
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective + ' ' + event.blockedURI));
    </script>
    <script type="module" src="/test/browser/kit/strict-csp-frame.tsx"></script>
  </head>
  <body>
    <associa-login api="${location.origin}/api"></associa-login>
    <associa-test-kit-sample></associa-test-kit-sample>
  </body>
</html>`;
}

const shown: HTMLIFrameElement[] = [];

/** A frame over the top left corner of the test page, once both elements have rendered. */
async function showFrame(policy: string): Promise<{ frame: HTMLIFrameElement; win: FrameWindow; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `position: fixed; left: 0; top: 0; width: ${FRAME.width}px; height: ${FRAME.height}px; border: 0; background: white; z-index: 2147483647`;
  frame.srcdoc = frameHtml(policy);
  document.body.append(frame);
  shown.push(frame);
  await waitUntil(() => {
    const doc = frame.contentDocument;
    if (!doc || frame.contentWindow?.location.href !== 'about:srcdoc') return false;
    return ['associa-login', 'associa-test-kit-sample'].every((tag) => doc.querySelector(tag)?.shadowRoot?.querySelector('button'));
    // The first load bundles the frame's script: allow it time.
  }, 'the elements never rendered in the frame', { timeout: 10_000 });
  await settle(frame);
  return { frame, win: frame.contentWindow as FrameWindow, doc: frame.contentDocument as Document };
}

/** Two animation frames of the frame's own window: what was committed has been painted. */
async function settle(frame: HTMLIFrameElement): Promise<void> {
  const win = frame.contentWindow as Window;
  for (let i = 0; i < 2; i += 1) await new Promise((resolve) => win.requestAnimationFrame(resolve));
}

function inShadowOf(doc: Document, tag: string, selector: string): HTMLElement {
  const found = doc.querySelector(tag)?.shadowRoot?.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`${selector} not found in ${tag}`);
  return found;
}

function hide(): void {
  for (const frame of shown.splice(0)) frame.remove();
}

const frameArea = { x: 0, y: 0, ...FRAME };
// --associa-color-primary's default (#1d4f91): the primary buttons' background.
const PRIMARY = [29, 79, 145] as const;

describe('kit styles under a strict Content Security Policy', () => {
  before(() => setViewport({ width: 800, height: 800 }));
  afterEach(hide);

  it('paints elements exactly as on a page without the policy, and breaks no rule of it', async () => {
    await showFrame('');
    const normal = await screenshot(frameArea);
    hide();
    const { win } = await showFrame(STRICT_POLICY);
    const strict = await screenshot(frameArea);

    // The comparison means something only if the normal page is styled: buttons in the primary colour.
    expect(pixelsOfColour(normal, PRIMARY)).to.be.greaterThan(1000);
    expect(differingPixels(normal, strict)).to.equal(0);
    expect(win.violations).to.deep.equal([]);
  });

  it('follows style changes after the first render', async () => {
    const { frame, doc } = await showFrame(STRICT_POLICY);
    const card = inShadowOf(doc, 'associa-test-kit-sample', '[data-card]');
    expect(getComputedStyle(card).borderTopColor).to.equal('rgb(29, 79, 145)');
    inShadowOf(doc, 'associa-test-kit-sample', '[data-tone]').click();
    // --associa-color-danger's default (#b42318)
    await waitUntil(() => getComputedStyle(card).borderTopColor === 'rgb(180, 35, 24)', 'the new rule never applied');
    await settle(frame);
    expect(pixelsOfColour(await screenshot(frameArea), [180, 35, 24])).to.be.greaterThan(1000);
  });

  it('styles an element placed again after its removal', async () => {
    const { doc, win } = await showFrame(STRICT_POLICY);
    const sample = doc.querySelector('associa-test-kit-sample') as HTMLElement;
    const parent = sample.parentNode as Node;
    sample.remove();
    // Past the deferred unmount: the element's React tree and its styles are gone.
    await sleep(50);
    expect(sample.shadowRoot?.querySelector('button')).to.equal(null);
    parent.appendChild(sample);
    await waitUntil(() => sample.shadowRoot?.querySelector('[data-card]'), 'the element never rendered again');
    const card = inShadowOf(doc, 'associa-test-kit-sample', '[data-card]');
    await waitUntil(() => getComputedStyle(card).borderTopColor === 'rgb(29, 79, 145)', 'the element lost its styles');
    expect(win.violations).to.deep.equal([]);
  });
});
