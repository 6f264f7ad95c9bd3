import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, space, token } from '../kit/index.js';
import { Actions, Heading, Notice, Panel } from '../feature-kit/layout.js';
import { copyText } from '../shared/copy.js';
import { API_KEY_FORM_TEXTS as T } from './texts.js';

const SecretRow = styled.div`
  display: flex;
  gap: ${space(1)};
  & > input {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  & > button {
    flex: none;
  }
`;

const Usage = styled.p`
  margin: 0 0 ${space(2)};
  color: ${token('color-text-muted')};
`;

interface SecretPanelProps {
  name: string;
  secret: string;
  onDone(): void;
}

/** The new key's secret, the one time it exists outside the server, with a copy button. */
export function SecretPanel({ name, secret, onDone }: SecretPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Panel aria-labelledby="secret-title">
      <Heading id="secret-title">
        {T.createdTitle}: {name}
      </Heading>
      <Notice tone="warning">
        <p>
          <strong>{T.warning}</strong>
        </p>
      </Notice>
      <Field label={T.secret}>
        {(control) => (
          <SecretRow>
            <Input {...control} ref={input} name="secret" value={secret} readOnly spellCheck={false} onFocus={(e) => e.target.select()} />
            <Button variant="secondary" onClick={async () => setCopied(await copyText(secret, input.current))}>
              {T.copy}
            </Button>
          </SecretRow>
        )}
      </Field>
      <Usage>{T.usage}</Usage>
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
        <Button onClick={onDone}>{T.done}</Button>
      </Actions>
    </Panel>
  );
}
