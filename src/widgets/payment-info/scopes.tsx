import styled from 'styled-components';
import { space } from '../kit/index.js';
import type { InfoDebt, PaymentInfo } from './api.js';
import { PAYMENT_INFO_TEXTS as T } from './texts.js';

/**
 * What one request may pay (issue 34): the link's member's own debts, or the debts of a
 * household they pay for (household set: the request is the household's, one reference for
 * several members' debts). One scope at a time, as the server takes one per request.
 */
export interface Scope {
  key: string;
  household: number | null;
  label: string;
  debts: InfoDebt[];
}

/** The scopes with something to pay: the households first (a payer came to pay for them), then the member's own. */
export function scopesOf(info: PaymentInfo): Scope[] {
  const households = (info.households ?? []).map((h): Scope => ({ key: `household:${h.id}`, household: h.id, label: T.householdScope(h.name), debts: h.debts }));
  return [...households, { key: 'own', household: null, label: T.ownScope, debts: info.debts }].filter((scope) => scope.debts.length > 0);
}

const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${space(2)};
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  legend {
    font-weight: 600;
    margin-bottom: ${space(1)};
  }
`;

/** Which scope to pay, shown only when there are two or more. */
export function ScopeChooser({ scopes, current, onChange }: { scopes: readonly Scope[]; current: Scope; onChange(scope: Scope): void }) {
  if (scopes.length < 2) return null;
  return (
    <Choices>
      <legend>{T.scopeTitle}</legend>
      {scopes.map((scope) => (
        <label key={scope.key}>
          <input type="radio" name="scope" value={scope.key} checked={scope.key === current.key} onChange={() => onChange(scope)} /> {scope.label}
        </label>
      ))}
    </Choices>
  );
}
