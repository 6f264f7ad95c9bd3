import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import {
  Button,
  defineElement,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Loading,
  LOADING_DOT_STEP_MS,
} from '../../../src/widgets/kit/index.js';
import { inShadow, place, removePlaced, shadowOf, uniqueTag } from './fixtures.js';

const loadingTag = uniqueTag('loading');
defineElement(loadingTag, Loading, { attributes: {} });

function States() {
  const [retries, setRetries] = useState(0);
  return (
    <>
      <EmptyState />
      <ErrorState onRetry={() => setRetries((current) => current + 1)} />
      <output data-retries>{retries}</output>
    </>
  );
}
const statesTag = uniqueTag('states');
defineElement(statesTag, States, { attributes: {} });

function Form({ error }: { error?: string }) {
  return (
    <form>
      <Field label="Nome" hint="Como consta no cartão de cidadão" error={error} required>
        {(control) => <Input {...control} name="name" />}
      </Field>
      <Button>Guardar</Button>
    </form>
  );
}
const formTag = uniqueTag('form');
defineElement(formTag, Form, { attributes: { error: 'string' } });

describe('kit primitives', () => {
  afterEach(removePlaced);

  it("Loading reads 'A carregar' with dots stepping every 500 ms", async () => {
    const element = place(loadingTag);
    const status = await inShadow(element, '[role="status"]');
    const dots = status.querySelector('[data-dots]')!;
    expect(dots.getAttribute('aria-hidden')).to.equal('true');
    expect(status.textContent).to.equal('A carregar');

    const seen: { text: string; at: number }[] = [{ text: status.textContent ?? '', at: performance.now() }];
    const observer = new MutationObserver(() => seen.push({ text: status.textContent ?? '', at: performance.now() }));
    observer.observe(status, { subtree: true, childList: true, characterData: true });
    await waitUntil(() => seen.length >= 5, 'the dots did not step four times', { timeout: 4 * LOADING_DOT_STEP_MS + 1000 });
    observer.disconnect();

    const texts = seen.slice(0, 5).map((entry) => entry.text);
    expect(texts).to.deep.equal(['A carregar', 'A carregar.', 'A carregar..', 'A carregar...', 'A carregar']);
    for (let index = 2; index < 5; index += 1) {
      const step = seen[index]!.at - seen[index - 1]!.at;
      expect(step, `step ${index}`).to.be.within(LOADING_DOT_STEP_MS - 60, LOADING_DOT_STEP_MS + 150);
    }
  });

  it('EmptyState and ErrorState speak pt-PT; the error is an alert with a working retry', async () => {
    const element = place(statesTag);
    const alert = await inShadow(element, '[role="alert"]');
    expect(alert.textContent).to.contain('Ocorreu um erro. Tente novamente mais tarde.');
    expect(shadowOf(element).textContent).to.contain('Sem resultados.');
    const retry = alert.querySelector('button')!;
    expect(retry.textContent).to.equal('Tentar novamente');
    retry.click();
    await waitUntil(() => shadowOf(element).querySelector('[data-retries]')?.textContent === '1');
  });

  it('Field ties its label, hint and error to the control', async () => {
    const element = place(formTag);
    const input = await inShadow<HTMLInputElement>(element, 'input');
    const label = shadowOf(element).querySelector('label')!;
    expect(label.htmlFor).to.equal(input.id);
    expect(input.labels?.[0]).to.equal(label);
    expect(input.required).to.equal(true);
    expect(input.getAttribute('aria-invalid')).to.equal(null);
    const hint = shadowOf(element).getElementById(input.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).to.equal('Como consta no cartão de cidadão');

    element.setAttribute('error', 'Campo obrigatório');
    await waitUntil(() => input.getAttribute('aria-invalid') === 'true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => shadowOf(element).getElementById(id)?.textContent);
    expect(described).to.deep.equal(['Como consta no cartão de cidadão', 'Campo obrigatório']);
  });

  it('Button is a plain button by default, reached by Tab with a visible focus ring', async () => {
    const element = place(formTag);
    const input = await inShadow<HTMLInputElement>(element, 'input');
    const button = await inShadow<HTMLButtonElement>(element, 'button');
    expect(button.type).to.equal('button');
    input.focus();
    await sendKeys({ press: 'Tab' });
    expect(shadowOf(element).activeElement).to.equal(button);
    expect(button.matches(':focus-visible')).to.equal(true);
    expect(getComputedStyle(button).outlineStyle).to.equal('solid');
    expect(getComputedStyle(button).outlineWidth).to.equal('3px');
  });
});
