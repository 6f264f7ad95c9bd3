import { useId } from 'react';
import styled from 'styled-components';
import { space, token } from '../kit/index.js';
import type { SettingSchema } from '../../core/settings-schema.js';
import { SETTINGS_TEXTS } from './texts.js';

const Row = styled.div`
  margin-bottom: ${space(2.5)};
`;

const Name = styled.p`
  margin: 0 0 ${space(0.5)};
  font-weight: 600;
`;

// A path or an identifier: shown whole, wrapping anywhere rather than widening the page.
const Value = styled.p`
  margin: 0;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  overflow-wrap: anywhere;
`;

const Hint = styled.p`
  margin: ${space(0.5)} 0 0;
  font-size: 0.875em;
  color: ${token('color-text-muted')};
`;

/** A setting the server sets itself (the files directory): its value as text, and where it is changed instead. */
export function ServerSetting({ description, value }: { description: SettingSchema; value: string }) {
  const id = useId();
  return (
    <Row role="group" aria-labelledby={`${id}-name`} data-setting={description.name}>
      <Name id={`${id}-name`}>{description.label}</Name>
      <Value>{value === '' ? SETTINGS_TEXTS.unknownValue : value}</Value>
      {description.hint && <Hint>{description.hint}</Hint>}
      <Hint>{description.changedIn ? `${SETTINGS_TEXTS.serverSet}: ${description.changedIn}` : `${SETTINGS_TEXTS.serverSet}.`}</Hint>
    </Row>
  );
}
