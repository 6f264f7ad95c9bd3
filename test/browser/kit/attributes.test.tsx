import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait.js';
import { defineElement, useApiBase } from '../../../src/widgets/kit/index.js';
import { inShadow, place, removePlaced, shadowOf, uniqueTag } from './fixtures.js';

interface ProbeProps {
  recordId?: string;
  compact?: boolean;
  limit?: number;
  filters?: { state: string };
}

function Probe({ recordId, compact, limit, filters }: ProbeProps) {
  const api = useApiBase();
  return (
    <output data-probe>
      {JSON.stringify({ recordId: recordId ?? null, compact: compact ?? null, limit: limit ?? null, filters: filters ?? null, api: api ?? null })}
    </output>
  );
}

const tag = uniqueTag('attributes');
defineElement(tag, Probe, { attributes: { recordId: 'string', compact: 'boolean', limit: 'number', filters: 'json' } });

async function rendered(element: HTMLElement): Promise<Record<string, unknown>> {
  const output = await inShadow(element, '[data-probe]');
  return JSON.parse(output.textContent ?? '') as Record<string, unknown>;
}

async function renderedWith(element: HTMLElement, key: string, value: unknown): Promise<void> {
  await waitUntil(
    () => JSON.stringify(JSON.parse(shadowOf(element).querySelector('[data-probe]')?.textContent || '{}')[key]) === JSON.stringify(value),
    `${key} never became ${JSON.stringify(value)}`,
  );
}

describe('kit attributes', () => {
  afterEach(removePlaced);

  it('passes attributes as typed props, kebab-case attribute to camelCase prop', async () => {
    const element = place(tag, { 'record-id': '42', compact: 'true', limit: '25', filters: '{"state":"ativo"}' });
    expect(await rendered(element)).to.deep.equal({ recordId: '42', compact: true, limit: 25, filters: { state: 'ativo' }, api: null });
  });

  it('re-renders when an attribute changes', async () => {
    const element = place(tag, { 'record-id': '1' });
    await renderedWith(element, 'recordId', '1');
    element.setAttribute('record-id', '2');
    await renderedWith(element, 'recordId', '2');
    element.setAttribute('compact', 'false');
    await renderedWith(element, 'compact', false);
  });

  it('treats a removed attribute as absent', async () => {
    const element = place(tag, { 'record-id': '7', compact: 'true' });
    await renderedWith(element, 'recordId', '7');
    element.removeAttribute('record-id');
    element.removeAttribute('compact');
    await renderedWith(element, 'recordId', null);
    await renderedWith(element, 'compact', null);
  });

  it('gives every element an api attribute, read with useApiBase()', async () => {
    const element = place(tag, { api: 'https://socios.example.org/api' });
    await renderedWith(element, 'api', 'https://socios.example.org/api');
    element.setAttribute('api', 'https://outra.example.org/api');
    await renderedWith(element, 'api', 'https://outra.example.org/api');
  });

  it('reads attributes set before the element is attached', async () => {
    const element = document.createElement(tag);
    element.setAttribute('record-id', 'antes');
    const parent = document.body.appendChild(document.createElement('div'));
    try {
      parent.append(element);
      expect((await rendered(element)).recordId).to.equal('antes');
    } finally {
      parent.remove();
    }
  });
});
