import styled from 'styled-components';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';

// Off-screen rather than display:none: some scripts skip fields that are not rendered.
const Trap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

/**
 * The honeypot (issue 13's spam defence without a third party): a field named `website` that a
 * person never sees, reaches with the keyboard nor hears, and a script filling every field does.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Trap aria-hidden="true" data-honeypot>
      <label>
        {T.honeypot}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </Trap>
  );
}
