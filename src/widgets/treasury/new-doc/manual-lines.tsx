// The lines of a manual receipt: what each amount pays, typed in euros (pt-PT), one or more,
// added and removed; the total below.
import styled from 'styled-components';
import { Button, Field, Input, space } from '../../kit/index.js';
import { formatMoney, parseEuros } from '../../shared/money.js';
import { TREASURY_TEXTS as T } from '../texts.js';

export interface LineDraft {
  key: number;
  description: string;
  euros: string;
}

let nextKey = 0;
export const emptyLine = (): LineDraft => ({ key: (nextKey += 1), description: '', euros: '' });

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 2fr) minmax(7rem, 1fr) auto;
  gap: ${space(1)};
  align-items: end;
`;

const Total = styled.p`
  font-weight: 600;
`;

/** The sum of the lines typed so far, in cents (lines whose amount is not yet an amount count 0). */
const totalOf = (lines: readonly LineDraft[]) => lines.reduce((sum, line) => sum + (parseEuros(line.euros) ?? 0), 0);

interface Props {
  lines: readonly LineDraft[];
  errors: Record<string, string>;
  onChange(lines: LineDraft[]): void;
}

export function ManualLines({ lines, errors, onChange }: Props) {
  const set = (key: number, change: Partial<LineDraft>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  return (
    <fieldset data-manual-lines>
      <legend>{T.lines}</legend>
      {lines.map((line, index) => (
        <Row key={line.key}>
          <Field label={T.lineDescription(index + 1)} hint={index === 0 ? T.lineDescriptionHint : undefined} error={errors[`lines.${index}.description`]} required>
            {(control) => <Input {...control} maxLength={200} value={line.description} onChange={(e) => set(line.key, { description: e.target.value })} />}
          </Field>
          <Field label={T.lineAmount(index + 1)} error={errors[`lines.${index}.amount`]} required>
            {(control) => <Input {...control} inputMode="decimal" value={line.euros} onChange={(e) => set(line.key, { euros: e.target.value })} />}
          </Field>
          {lines.length > 1 && (
            <Button variant="secondary" onClick={() => onChange(lines.filter((other) => other.key !== line.key))}>
              {T.removeLine(index + 1)}
            </Button>
          )}
        </Row>
      ))}
      <Button variant="secondary" onClick={() => onChange([...lines, emptyLine()])}>
        {T.addLine}
      </Button>
      <Total aria-live="polite">{T.manualTotal(formatMoney(totalOf(lines)))}</Total>
    </fieldset>
  );
}
