import { expect } from '@open-wc/testing';
import styled from 'styled-components';
import { Button, defineElement, token } from '../../../src/widgets/kit/index.js';
import { inShadow, place, removePlaced, shadowOf, uniqueTag } from './fixtures.js';

const Painted = styled.p`
  color: rgb(200, 0, 0);
  padding-left: 13px;
`;

const Themed = styled.div`
  border-top: 5px solid ${token('color-primary')};
`;

function Sample() {
  return (
    <>
      <Painted data-painted>pintado</Painted>
      <Themed data-themed />
      <Button>Guardar</Button>
    </>
  );
}

const tag = uniqueTag('styles');
defineElement(tag, Sample, { attributes: {} });

const pageStyle = document.createElement('style');

describe('kit styles', () => {
  beforeEach(() => {
    pageStyle.textContent = '';
    document.head.append(pageStyle);
  });
  afterEach(() => {
    removePlaced();
    pageStyle.remove();
  });

  it('applies styled-components rules inside the open shadow root', async () => {
    const element = place(tag);
    const painted = await inShadow(element, '[data-painted]');
    expect(getComputedStyle(painted).color).to.equal('rgb(200, 0, 0)');
    expect(getComputedStyle(painted).paddingLeft).to.equal('13px');
    // Through a sheet the shadow root adopts, never a <style> element (see strict-csp.test.tsx).
    const root = shadowOf(element);
    expect(root.querySelector('style')).to.equal(null);
    const adoptedRules = root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    expect(adoptedRules.join('\n')).to.contain('rgb(200, 0, 0)');
  });

  it('keeps its rules out of the page', async () => {
    const element = place(tag);
    const painted = await inShadow(element, '[data-painted]');
    const twin = document.body.appendChild(document.createElement('p'));
    twin.className = painted.className;
    try {
      expect(getComputedStyle(twin).color).to.not.equal('rgb(200, 0, 0)');
      expect(getComputedStyle(twin).paddingLeft).to.equal('0px');
      const headRules = [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('');
      expect(headRules).to.not.contain('rgb(200, 0, 0)');
      const documentRules = document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
      expect(documentRules.join('\n')).to.not.contain('rgb(200, 0, 0)');
    } finally {
      twin.remove();
    }
  });

  it('is not reached by the page stylesheet', async () => {
    pageStyle.textContent = 'p { padding-left: 77px !important; text-decoration: underline; } button { display: none; }';
    const element = place(tag);
    const painted = await inShadow(element, '[data-painted]');
    const button = await inShadow(element, 'button');
    expect(getComputedStyle(painted).paddingLeft).to.equal('13px');
    expect(getComputedStyle(painted).textDecorationLine).to.equal('none');
    expect(getComputedStyle(button).display).to.not.equal('none');
  });

  it('uses the default token value when the page sets none', async () => {
    const element = place(tag);
    const themed = await inShadow(element, '[data-themed]');
    // #1d4f91, the default --associa-color-primary
    expect(getComputedStyle(themed).borderTopColor).to.equal('rgb(29, 79, 145)');
  });

  it('follows a theme token set on an ancestor', async () => {
    const ancestor = document.body.appendChild(document.createElement('section'));
    try {
      ancestor.style.setProperty('--associa-color-primary', 'rgb(1, 2, 3)');
      ancestor.style.setProperty('--associa-font-family', 'monospace');
      const element = place(tag, {}, ancestor);
      const themed = await inShadow(element, '[data-themed]');
      expect(getComputedStyle(themed).borderTopColor).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(await inShadow(element, 'button')).backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(themed).fontFamily).to.equal('monospace');
    } finally {
      ancestor.remove();
    }
  });

  it('follows a theme token set on the element by a page rule, and on the element itself', async () => {
    pageStyle.textContent = `${tag} { --associa-color-primary: rgb(4, 5, 6); }`;
    const element = place(tag);
    const themed = await inShadow(element, '[data-themed]');
    expect(getComputedStyle(themed).borderTopColor).to.equal('rgb(4, 5, 6)');
    element.style.setProperty('--associa-color-primary', 'rgb(7, 8, 9)');
    expect(getComputedStyle(themed).borderTopColor).to.equal('rgb(7, 8, 9)');
  });

  it('lets the page restyle the element box itself', async () => {
    pageStyle.textContent = `${tag} { display: inline-block; }`;
    const element = place(tag);
    await inShadow(element, '[data-painted]');
    expect(getComputedStyle(element).display).to.equal('inline-block');
  });
});
