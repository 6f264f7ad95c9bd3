import { useState } from 'react';
import styled from 'styled-components';
import { Button, space, token } from '../kit/index.js';
import { Actions, Notice } from '../feature-kit/layout.js';
import { TWO_FACTOR_TEXTS as T } from './texts.js';

const Codes = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, max-content);
  gap: ${space(1)} ${space(4)};
  margin: 0 0 ${space(2)};
  padding: ${space(2)} ${space(2)} ${space(2)} ${space(5)};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.05em;
  background: ${token('color-surface')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  user-select: all;
`;

const Title = styled.h3`
  margin: 0 0 ${space(1)};
  font-size: 1.2em;
`;

interface RecoveryCodesProps {
  codes: string[];
  onDone(): void;
}

/** The new recovery codes, the only time they are shown, until the user says they kept them. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const [copied, setCopied] = useState<boolean | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // No clipboard (plain HTTP) or no permission: the list is selectable.
      setCopied(false);
    }
  }
  return (
    <section aria-labelledby="recovery-codes-title">
      <Title id="recovery-codes-title">{T.codesTitle}</Title>
      <Notice tone="warning">
        <p>{T.codesLead}</p>
      </Notice>
      <Codes aria-label={T.codesTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      {copied === true && (
        <Notice tone="success">
          <p>{T.copied}</p>
        </Notice>
      )}
      {copied === false && (
        <Notice tone="error">
          <p>{T.copyFailed}</p>
        </Notice>
      )}
      <Actions>
        <Button onClick={onDone}>{T.codesSaved}</Button>
        <Button variant="secondary" onClick={copy}>
          {T.copyCodes}
        </Button>
      </Actions>
    </section>
  );
}
