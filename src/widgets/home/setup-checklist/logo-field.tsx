// The organisation's logo in the identity step: the current one, a PNG or JPEG to send in its
// place (POST /api/organisation_logo, checked by its bytes on the server), or none.
import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { DEFAULT_API } from '../../../core/index.js';
import { SETUP_PATHS } from '../../../core/setup.js';
import { Button, space, token, useApiBase } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { SETUP_TEXTS as T } from './texts.js';

const Box = styled.fieldset`
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  padding: ${space(1.5)};
  margin: 0;
  display: grid;
  gap: ${space(1)};
  legend {
    font-weight: 600;
  }
  img {
    max-width: 12rem;
    max-height: 5rem;
    object-fit: contain;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
`;

export function LogoField({ present }: { present: boolean }) {
  const core = useCore();
  const api = useApiBase() ?? DEFAULT_API;
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // A new logo is a new address, so the browser does not show the one it cached.
  const [version, setVersion] = useState(0);

  async function done(text: string) {
    setStatus({ ok: true, text });
    setVersion((v) => v + 1);
    await core.settings.load().catch(() => undefined);
    core.queries.invalidate('setup');
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    setStatus(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      await core.http.upload(SETUP_PATHS.logo, form);
      setFile(null);
      await done(T.logoSaved);
    } catch (error) {
      setStatus({ ok: false, text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setStatus(null);
    try {
      await core.http.delete(SETUP_PATHS.logo);
      await done(T.logoRemoved);
    } catch (error) {
      setStatus({ ok: false, text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box data-logo>
      <legend>{T.logo}</legend>
      {present ? <img src={`${api}/${SETUP_PATHS.logo}?v=${version}`} alt={T.logoAlt} data-logo-preview /> : <Muted>{T.logoNone}</Muted>}
      <Row>
        <label htmlFor={inputId}>{T.logoChoose}</label>
        <input id={inputId} type="file" accept="image/png,image/jpeg" aria-describedby={hintId} onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)} data-logo-file />
      </Row>
      <Muted id={hintId}>{T.logoHint}</Muted>
      <Row>
        <Button onClick={() => void upload()} disabled={busy || !file} data-logo-upload>
          {T.logoUpload}
        </Button>
        {present && (
          <Button variant="secondary" onClick={() => void remove()} disabled={busy} data-logo-remove>
            {T.logoRemove}
          </Button>
        )}
      </Row>
      <div role="status" aria-live="polite">
        {status && <p data-logo-status={status.ok ? 'ok' : 'failed'}>{status.text}</p>}
      </div>
    </Box>
  );
}
