import r2wc from '@r2wc/core';
import type { ComponentType } from 'react';
import { createElementRenderer, type MountedElement, type RenderedProps } from './renderer.js';

/**
 * How an attribute's text becomes a prop. Booleans follow r2wc: `attr="true"` is true,
 * `attr="false"` is false, and a bare `attr` (empty value) is ignored.
 */
export type AttributeType = 'string' | 'boolean' | 'number' | 'json';

type AttributeTypeFor<Value> = [NonNullable<Value>] extends [string]
  ? 'string'
  : [NonNullable<Value>] extends [boolean]
    ? 'boolean'
    : [NonNullable<Value>] extends [number]
      ? 'number'
      : 'json';

/**
 * One entry per prop, keyed by the camelCase prop name; the attribute is its kebab-case
 * form (`recordId` is read from `record-id`). The type follows the prop's own type.
 */
export type ElementAttributes<Props> = { [Name in keyof Props & string]-?: AttributeTypeFor<Props[Name]> };

export interface ElementOptions<Props> {
  attributes: ElementAttributes<Props>;
}

/** A tag name of the kit: lower case, starting with `associa-`. */
export type ElementName = `associa-${string}`;

const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

interface R2wcInternals extends HTMLElement {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

function camelCase(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Registers `Component` as the custom element `name` and returns its class. Its props
 * come from attributes, which may be absent: declare them optional.
 *
 * The element renders in an open shadow root, only while attached to a document; moving it
 * keeps its React state; removing it unmounts React shortly after. Every element also
 * takes an `api` attribute (see useApiBase) and, inside, the kit's context: theme tokens,
 * useElementEvents, useElementHost. Defining a name twice returns the first definition,
 * so a module loaded by two scripts does not throw.
 *
 *     defineElement('associa-member-card', MemberCard, { attributes: { memberId: 'string' } });
 *     // <associa-member-card member-id="42" api="https://example.org/api">
 */
export function defineElement<Props extends object>(
  name: ElementName,
  Component: ComponentType<Props>,
  options: ElementOptions<Props>,
): CustomElementConstructor {
  const existing = customElements.get(name);
  if (existing) return existing;

  const props = { ...options.attributes, api: 'string' } as const;
  const Base = r2wc<RenderedProps<Props>, MountedElement<Props>>(
    Component as ComponentType<RenderedProps<Props>>,
    { shadow: 'open', props },
    createElementRenderer<Props>(),
  ) as unknown as new () => R2wcInternals;

  // r2wc ignores a removed attribute (its prop keeps the last value); removal means absent.
  class AssociaElement extends Base {
    override attributeChangedCallback(attribute: string, oldValue: string | null, newValue: string | null): void {
      if (newValue !== null) {
        super.attributeChangedCallback(attribute, oldValue, newValue);
        return;
      }
      const prop = camelCase(attribute);
      if (!(prop in this[R2WC_PROPS])) return;
      delete this[R2WC_PROPS][prop];
      this[R2WC_RENDER]();
    }
  }

  customElements.define(name, AssociaElement);
  return AssociaElement;
}
