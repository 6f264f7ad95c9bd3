import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { Button, deepActiveElement, focusables, focusRing, moveFocus, space } from '../kit/index.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';
import { ControlPanel, ControlPanelLegend } from './control-panel.js';

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: ${space(1)} ${space(2)};
  margin-bottom: ${space(1.5)};
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: ${space(1)};
  cursor: pointer;
  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    ${focusRing}
  }
`;

interface ColumnChooserProps {
  id: string;
  fields: readonly ExplainerField[];
  visible: readonly string[];
  onChange(columns: string[]): void;
  onClose(): void;
}

/**
 * Which columns the table shows; kept per entity for the browser session. The arrow keys,
 * Home and End move between the columns; closing it (Escape, Fechar) returns the focus to
 * the button that opened it, in the page's toolbar or in the list.
 */
export function ColumnChooser({ id, fields, visible, onChange, onClose }: ColumnChooserProps) {
  const panel = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const opener = deepActiveElement();
    panel.current?.querySelector('input')?.focus();
    return () => opener?.focus();
  }, []);
  const toggle = (name: string, on: boolean) => {
    const chosen = new Set(visible);
    if (on) chosen.add(name);
    else chosen.delete(name);
    // Explainer order, so the table's order does not depend on the clicks.
    onChange(fields.filter((f) => chosen.has(f.name)).map((f) => f.name));
  };
  return (
    <ControlPanel
      id={id}
      data-no-print
      ref={panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        } else if ((event.target as HTMLElement).matches('input')) {
          moveFocus(event, focusables(panel.current, 'input[type="checkbox"]'));
        }
      }}
    >
      <ControlPanelLegend>{RESOURCE_TEXTS.chooseColumns}</ControlPanelLegend>
      <Options>
        {fields.map((field) => {
          const checked = visible.includes(field.name);
          return (
            <Option key={field.name}>
              <input
                type="checkbox"
                name={field.name}
                checked={checked}
                // The table keeps at least one column.
                disabled={checked && visible.length === 1}
                onChange={(event) => toggle(field.name, event.target.checked)}
              />
              {field.label}
            </Option>
          );
        })}
      </Options>
      <Button variant="secondary" onClick={onClose}>
        {RESOURCE_TEXTS.close}
      </Button>
    </ControlPanel>
  );
}
