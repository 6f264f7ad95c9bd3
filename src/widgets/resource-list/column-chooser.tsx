import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ExplainerField } from '../../core/index.js';
import { Button, focusRing, space } from '../kit/index.js';
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

/** Which columns the table shows; kept per entity for the browser session. */
export function ColumnChooser({ id, fields, visible, onChange, onClose }: ColumnChooserProps) {
  const panel = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
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
      ref={panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
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
