import styled from 'styled-components';
import type { LoadedApplicationForm } from '../../core/modules/application-form.js';
import { space } from '../kit/tokens.js';
import type { FormState } from './validate.js';

const Choice = styled.label`
  display: flex;
  gap: ${space(1)};
  align-items: flex-start;
  margin-top: ${space(1.5)};
  input {
    margin-top: 0.25em;
  }
  span {
    display: block;
  }
`;

/**
 * The consent purposes the association asks on the form (newsletter, photos, a federation), each
 * optional: a box ticked is a yes to that text's version, sent as `consents`; none ticked, none given.
 */
export function ConsentPurposes({ form, state, update }: { form: LoadedApplicationForm; state: FormState; update: (change: Partial<FormState>) => void }) {
  const purposes = form.consentPurposes ?? [];
  if (purposes.length === 0) return null;
  const toggle = (key: string, version: number, on: boolean) => {
    const others = Object.fromEntries(Object.entries(state.purposes).filter(([k]) => k !== key));
    update({ purposes: on ? { ...others, [key]: version } : others });
  };
  return (
    <div data-consent-purposes>
      {purposes.map((p) => (
        <Choice key={p.key}>
          <input type="checkbox" name={`consent-${p.key}`} checked={p.key in state.purposes} onChange={(e) => toggle(p.key, p.version, e.target.checked)} />
          <span>
            <strong>{p.name}</strong> <span>{p.description}</span>
          </span>
        </Choice>
      ))}
    </div>
  );
}
