// The erasure of a member's personal data (RGPD art. 17), from the member's page: what goes and
// what stays (and why, until when) before anything happens, then the erasure, confirmed by typing
// the member's number; afterwards, the record of it.
import { useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, Loading, Select, space, token, useQuery, useSignalValue } from '../../kit/index.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { eraseMember, erasureQuery, type ErasurePreview } from './api.js';
import { ERASURE_TEXTS as T } from './texts.js';

const Box = styled.div`
  margin-top: ${space(2)};
  padding: ${space(2)};
  border: 1px solid ${token('color-danger')};
  border-radius: ${token('radius')};
`;

const Title = styled.h3`
  margin: ${space(2)} 0 ${space(1)};
  font-size: 1rem;
`;

const List = styled.ul`
  margin: 0 0 ${space(2)};
  padding-left: ${space(3)};
  li {
    margin-bottom: ${space(0.5)};
  }
`;

const Muted = styled.span`
  color: ${token('color-text-muted')};
  font-size: 0.875em;
`;

export interface MemberErasureProps {
  memberId?: string;
  /** '/privacidade/pedidos/:id': the request an erasure answered. */
  requestPath?: string;
}

export function MemberErasure({ memberId, requestPath }: MemberErasureProps) {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const admin = claims?.Role === 'admin';
  const view = useQuery<ErasurePreview>(core.queries, memberId ? erasureQuery(memberId) : null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [request, setRequest] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!memberId) return null;
  if (view.status === 'loading' || view.status === 'idle') return admin ? <Loading /> : null;
  const preview = view.data;
  if (view.status !== 'loaded' || !preview) {
    return admin ? <Notice tone="error"><p>{describeFailure(view.error, T.failed)}</p></Notice> : null;
  }

  const { erasure } = preview;
  if (erasure) {
    return (
      <div data-member-erasure="erased">
        <Notice tone="info">
          <p>
            <strong>{T.done(erasure.erased_at)}</strong> {T.doneBy(erasure.actor_name, erasure.reason)}
          </p>
          {erasure.request !== null && (
            <p>
              {T.onRequest}{' '}
              {requestPath ? <NavLink path={pathWith(requestPath, { id: String(erasure.request) })} data-erasure-request>{T.openRequest}</NavLink> : `n.º ${erasure.request}`}
            </p>
          )}
        </Notice>
        <KeptList preview={preview} />
      </div>
    );
  }
  // Only administrators erase: others see nothing until it is done (the mark says the answer came).
  if (!admin) return <div data-member-erasure="none" hidden />;

  const number = preview.member.number;
  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      await eraseMember(core, memberId, Number(typed), request === '' ? null : Number(request));
      setOpen(false);
      view.refresh();
    } catch (e) {
      setError(describeFailure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-member-erasure="ready">
      {!open && (
        <Buttons>
          <Button variant="secondary" onClick={() => setOpen(true)} data-erasure-start>
            {T.start}
          </Button>
        </Buttons>
      )}
      {open && (
        <Box data-erasure-preview>
          <p>{T.intro}</p>
          <Title>{T.erasedHeading}</Title>
          <List data-erasure-erased>
            {preview.erased.map((part) => (
              <li key={part.key} data-erased={part.key}>
                {part.label} <Muted>({T.rows(part.count)})</Muted>
              </li>
            ))}
          </List>
          <KeptList preview={preview} />
          {preview.refusal ? (
            <Notice tone="error">
              <p>
                {T.refused} {preview.refusal}
              </p>
            </Notice>
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (Number(typed) === number) void erase();
              }}
            >
              {preview.requests.length > 0 && (
                <Field label={T.request}>
                  {(control) => (
                    <Select {...control} value={request} onChange={(event) => setRequest(event.target.value)} data-erasure-request-choice>
                      <option value="">{T.noRequest}</option>
                      {preview.requests.map((r) => (
                        <option key={r._id} value={String(r._id)}>
                          {T.requestOption(r.received_on, r.requester_name)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              )}
              <Field label={T.confirm(number)} hint={T.confirmHint} error={error}>
                {(control) => <Input {...control} inputMode="numeric" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value.trim())} data-erasure-confirm />}
              </Field>
              <Buttons>
                <Button variant="danger" type="submit" disabled={busy || Number(typed) !== number} data-erasure-submit>
                  {busy ? T.erasing : T.erase}
                </Button>
                <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                  {T.cancel}
                </Button>
              </Buttons>
            </form>
          )}
          {preview.refusal && (
            <Buttons>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {T.cancel}
              </Button>
            </Buttons>
          )}
        </Box>
      )}
    </div>
  );
}

function KeptList({ preview }: { preview: ErasurePreview }) {
  return (
    <>
      <Title>{T.keptHeading}</Title>
      <List data-erasure-kept>
        {preview.kept.map((item) => (
          <li key={item.key} data-kept={item.key}>
            <strong>{item.label}</strong> <Muted>({T.until(item.until)})</Muted>
            <br />
            <Muted>{item.reason}</Muted>
          </li>
        ))}
      </List>
    </>
  );
}
