// The first step: what to import (members, or the quotas and payments history where the server
// offers it) and the file, chosen with the file button or dropped on the box.
import { useId, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { focusRing, space, token } from '../../kit/index.js';
import type { ImportKind } from '../../../core/index.js';
import { IMPORT_TEXTS as T } from '../texts.js';

const Kinds = styled.fieldset`
  margin: 0 0 ${space(2)};
  padding: 0;
  border: 0;
  legend {
    margin: 0 0 ${space(1)};
    padding: 0;
    font-weight: 600;
  }
  label {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0 ${space(1)};
    align-items: start;
    margin: 0 0 ${space(1)};
    cursor: pointer;
  }
  input {
    margin: 0.3em 0 0;
  }
  span + span {
    grid-column: 2;
    font-size: 0.875rem;
    color: ${token('color-text-muted')};
  }
`;

const Drop = styled.div<{ $over: boolean }>`
  display: grid;
  gap: ${space(1)};
  max-width: 36rem;
  padding: ${space(2)};
  border: 2px dashed ${({ $over }) => ($over ? token('color-primary') : token('color-border'))};
  border-radius: ${token('radius')};
  background: ${({ $over }) => ($over ? token('color-surface') : 'transparent')};
  label {
    font-weight: 600;
  }
  p {
    margin: 0;
    font-size: 0.875rem;
    color: ${token('color-text-muted')};
  }
  input {
    max-width: 100%;
    font: inherit;
    ${focusRing}
  }
`;

/** What the server reads: a CSV or an Excel workbook (.xlsx). */
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const accepted = (file: File) => /\.(csv|xlsx)$/i.test(file.name);

export interface ChooseFileProps {
  kinds: readonly ImportKind[];
  kind: ImportKind;
  busy: boolean;
  onKind(kind: ImportKind): void;
  onFile(file: File): void;
  /** A file the server could not take (the wrong type). */
  onRefused(message: string): void;
}

export function ChooseFile({ kinds, kind, busy, onKind, onFile, onRefused }: ChooseFileProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  // The same file chosen again after a failure is a change too.
  const [inputKey, setInputKey] = useState(0);

  function take(file: File | undefined) {
    setInputKey((k) => k + 1);
    if (!file) return;
    if (accepted(file)) onFile(file);
    else onRefused(T.wrongType);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!busy) take(event.dataTransfer.files[0]);
  };

  return (
    <div data-import-step="file">
      {kinds.length > 1 && (
        <Kinds>
          <legend>{T.kindLegend}</legend>
          {kinds.map((k) => (
            <label key={k}>
              <input type="radio" name={`${inputId}-kind`} value={k} checked={kind === k} disabled={busy} onChange={() => onKind(k)} />
              <span>{T.kinds[k] ?? k}</span>
              {T.kindHints[k] && <span>{T.kindHints[k]}</span>}
            </label>
          ))}
        </Kinds>
      )}
      <Drop
        $over={over}
        data-drop-zone=""
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
      >
        <label htmlFor={inputId}>{T.fileLabel}</label>
        <p id={hintId}>{T.fileHint}</p>
        <input key={inputKey} id={inputId} type="file" accept={ACCEPT} aria-describedby={hintId} disabled={busy} onChange={(e) => take(e.target.files?.[0])} />
        <p aria-hidden="true">{over ? T.dropZone : T.dropHere}</p>
      </Drop>
    </div>
  );
}
