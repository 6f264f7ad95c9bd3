import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { Button, ErrorState, focusRing, space, token, useSignalValue, VisuallyHidden } from '../kit/index.js';
import type { ReferenceCache } from '../shared/reference-cache.js';
import { chooseFor, CONFLICT_TEXTS } from './conflict-texts.js';
import { describeValue, type ReferenceNames } from './describe-value.js';
import type { FormValues } from './form-values.js';
import { fieldMerges, mergedValues, unresolved, type FieldMerge, type MergeChoice } from './merge.js';

const Section = styled.section`
  margin-bottom: ${space(2)};
`;

const Heading = styled.h3`
  margin: 0 0 ${space(1)};
  padding: ${space(1.5)} ${space(2)};
  font-size: 1em;
  color: ${token('color-warning-text')};
  background: ${token('color-warning-surface')};
  border-radius: ${token('radius')};
  outline: none;
`;

const Explanation = styled.p`
  margin: 0 0 ${space(2)};
`;

const Scroll = styled.div`
  overflow-x: auto;
  margin-bottom: ${space(2)};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: ${space(1)};
  }
  th,
  td {
    padding: ${space(1)} ${space(1.5)};
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${token('color-border')};
    overflow-wrap: anywhere;
  }
  thead th {
    font-size: 0.875em;
    color: ${token('color-text-muted')};
  }
  tr[data-merge='both'] {
    background: ${token('color-warning-surface')};
  }
`;

const Choice = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 10rem;
  label {
    display: inline-flex;
    align-items: center;
    gap: ${space(0.75)};
    cursor: pointer;
    white-space: nowrap;
  }
  input {
    margin: 0;
    ${focusRing}
  }
  &[aria-invalid='true'] {
    outline: 2px solid ${token('color-danger')};
    outline-offset: 4px;
    border-radius: 2px;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  margin-top: ${space(2)};
`;

const OUTCOME: Record<Exclude<FieldMerge['kind'], 'both'>, string> = {
  mine: CONFLICT_TEXTS.keptMine,
  theirs: CONFLICT_TEXTS.tookStored,
  same: CONFLICT_TEXTS.sameChange,
};

export interface ConflictViewProps {
  /** The fields the form shows, in order. */
  fields: readonly ExplainerField[];
  /** Values when the form was filled, what the user has now, and what is stored now. */
  base: FormValues;
  mine: FormValues;
  theirs: FormValues;
  cache: ReferenceCache;
  busy: boolean;
  /** The merged values, to save at once against the stored version. */
  onSave(values: FormValues): void;
  /** The merged values, back into the form to keep editing. */
  onApply(values: FormValues): void;
  /** The stored record as it is: the user's changes dropped. */
  onDiscard(): void;
}

/**
 * Someone saved the record since the form was filled: every changed field with its three
 * values. What only one person changed is combined; a field both changed waits for the user's
 * choice ("Manter a minha" / "Usar a guardada"). Nothing typed is dropped unless the user says so.
 */
export function ConflictView({ fields, base, mine, theirs, cache, busy, onSave, onApply, onDiscard }: ConflictViewProps) {
  const names: ReferenceNames = { options: useSignalValue(cache.options), labels: useSignalValue(cache.labels) };
  const merges = useMemo(() => fieldMerges(fields, base, mine, theirs), [fields, base, mine, theirs]);
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const [missing, setMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const headingId = useId();
  const hasBoth = merges.some((m) => m.kind === 'both');

  // Keyboard and screen-reader users land on the news, not on a control that vanished.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    for (const field of fields) if (field.ref) cache.loadOptions(field.ref).catch(() => undefined);
  }, [cache, fields]);

  function finish(then: (values: FormValues) => void) {
    const open = unresolved(merges, choices);
    if (open.length > 0) {
      setMissing(true);
      table.current?.querySelector<HTMLInputElement>(`fieldset[data-field="${open[0]!.field.name}"] input`)?.focus();
      return;
    }
    then(mergedValues(theirs, merges, choices));
  }

  const show = (m: FieldMerge, key: 'base' | 'mine' | 'theirs') => describeValue(m.field, m[key], names);

  return (
    <Section aria-labelledby={headingId} data-conflict="">
      <Heading id={headingId} ref={heading} tabIndex={-1}>
        {CONFLICT_TEXTS.heading}
      </Heading>
      <Explanation>{hasBoth ? CONFLICT_TEXTS.explanation : CONFLICT_TEXTS.combined}</Explanation>
      {missing && unresolved(merges, choices).length > 0 && <ErrorState message={CONFLICT_TEXTS.chooseAll} />}
      <Scroll>
        <Table ref={table}>
          <caption>{CONFLICT_TEXTS.changes}</caption>
          <thead>
            <tr>
              <th scope="col">{CONFLICT_TEXTS.field}</th>
              <th scope="col">{CONFLICT_TEXTS.whenOpened}</th>
              <th scope="col">{CONFLICT_TEXTS.yours}</th>
              <th scope="col">{CONFLICT_TEXTS.stored}</th>
              <th scope="col">{CONFLICT_TEXTS.result}</th>
            </tr>
          </thead>
          <tbody>
            {merges.map((m) => (
              <tr key={m.field.name} data-merge={m.kind} data-field={m.field.name}>
                <th scope="row">{m.field.label}</th>
                <td data-value="base">{show(m, 'base')}</td>
                <td data-value="mine">{show(m, 'mine')}</td>
                <td data-value="theirs">{show(m, 'theirs')}</td>
                <td>
                  {m.kind === 'both' ? (
                    <Choice data-field={m.field.name} aria-invalid={missing && !choices[m.field.name] ? true : undefined}>
                      <VisuallyHidden as="legend">{chooseFor(m.field.label)}</VisuallyHidden>
                      {(['mine', 'theirs'] as const).map((option) => (
                        <label key={option}>
                          <input
                            type="radio"
                            name={`associa-merge-${m.field.name}`}
                            value={option}
                            checked={choices[m.field.name] === option}
                            onChange={() => setChoices((current) => ({ ...current, [m.field.name]: option }))}
                          />
                          {option === 'mine' ? CONFLICT_TEXTS.keepMine : CONFLICT_TEXTS.useStored}
                        </label>
                      ))}
                    </Choice>
                  ) : (
                    OUTCOME[m.kind]
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
      <Buttons>
        <Button disabled={busy} onClick={() => finish(onSave)}>
          {CONFLICT_TEXTS.saveMerged}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => finish(onApply)}>
          {CONFLICT_TEXTS.applyMerged}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDiscard}>
          {CONFLICT_TEXTS.discardMine}
        </Button>
      </Buttons>
    </Section>
  );
}
