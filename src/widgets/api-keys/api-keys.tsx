import { useState } from 'react';
import styled from 'styled-components';
import { isSilentFailure } from '../../core/index.js';
import { Button, EmptyState, ErrorState, Loading, space, token } from '../kit/index.js';
import { API_KEY_TEXTS as T, formatDateTime, keyStatus, revokeApiSecret, roleLabel, type ApiSecret } from '../feature-kit/api-secrets.js';
import { ConfirmDialog } from '../feature-kit/confirm-dialog.js';
import { DataTable, TableBox } from '../feature-kit/data-table.js';
import { Heading, Notice } from '../feature-kit/layout.js';
import { ExternalLink, NavLink, useNavigate } from '../feature-kit/navigation.js';
import { apiSecretPath, PATHS } from '../feature-kit/paths.js';
import { describeFailure, statusOf } from '../feature-kit/server-message.js';
import { useCore } from '../feature-kit/use-core.js';
import { useApiSecrets } from './use-api-secrets.js';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space(2)};
  margin-bottom: ${space(2)};
`;

const Intro = styled.p`
  max-width: 44rem;
  margin: 0 0 ${space(1)};
  color: ${token('color-text-muted')};
`;



const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9em;
`;

const Status = styled.span<{ $revoked: boolean }>`
  display: inline-block;
  padding: ${space(0.25)} ${space(1)};
  font-size: 0.85em;
  font-weight: 600;
  border-radius: 999px;
  color: ${({ $revoked }) => ($revoked ? token('color-danger') : '#05603a')};
  background: ${({ $revoked }) => ($revoked ? token('color-danger-surface') : '#ecfdf3')};
`;

const Muted = styled.span`
  color: ${token('color-text-muted')};
`;

/** The API keys of the developers page: list, revoke with confirmation, a link to the API reference. */
export function ApiKeys() {
  const core = useCore();
  const navigate = useNavigate();
  const { load, reload } = useApiSecrets(core);
  const [confirming, setConfirming] = useState<ApiSecret | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function revoke() {
    if (!confirming) return;
    setBusy(true);
    try {
      // The revocation reads the list again itself.
      await revokeApiSecret(core, confirming._id);
      setNotice({ tone: 'success', text: T.revoked });
    } catch (e) {
      if (!isSilentFailure(e)) setNotice({ tone: 'error', text: describeFailure(e) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  let body;
  if (load.state === 'loading') body = <Loading />;
  else if (load.state === 'failed')
    body =
      statusOf(load.error) === 403 ? (
        <Notice tone="info">
          <p>{T.adminOnly}</p>
        </Notice>
      ) : (
        <ErrorState message={T.loadFailed} onRetry={reload} />
      );
  else if (load.items.length === 0) body = <EmptyState message={T.empty} />;
  else
    body = (
      <TableBox>
        <DataTable>
          <thead>
            <tr>
              <th scope="col">{T.name}</th>
              <th scope="col">{T.role}</th>
              <th scope="col">{T.prefix}</th>
              <th scope="col">{T.lastUsed}</th>
              <th scope="col">{T.status}</th>
              <th scope="col">
                <span>{T.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.items.map((key) => {
              const revokedAt = formatDateTime(key.revoked_at);
              const status = keyStatus(key);
              return (
                <tr key={key._id} data-id={key._id}>
                  <td>
                    <NavLink path={apiSecretPath(key._id)} aria-label={T.edit(key.name)}>
                      {key.name}
                    </NavLink>
                  </td>
                  <td>{roleLabel(key.role)}</td>
                  <td>{key.secret_prefix ? <Code>{key.secret_prefix}…</Code> : <Muted>—</Muted>}</td>
                  <td>{formatDateTime(key.last_used_at) ?? <Muted>{T.never}</Muted>}</td>
                  <td>
                    <Status $revoked={!status.live}>{status.text}</Status>
                  </td>
                  <td>
                    {!revokedAt && (
                      <Button variant="secondary" onClick={() => setConfirming(key)} aria-label={`${T.revoke} ${key.name}`}>
                        {T.revoke}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </TableBox>
    );

  return (
    <section aria-labelledby="keys-title">
      <Header>
        <div>
          <Heading id="keys-title">{T.title}</Heading>
          <Intro>{T.lead}</Intro>
          {/* The server's readable reference of its OpenAPI document (src/server/openapi/reference-page.ts). */}
          <ExternalLink href={`${core.api}/docs`}>{T.docs}</ExternalLink>
        </div>
        <Button onClick={() => navigate(PATHS.apiSecretNew)}>{T.create}</Button>
      </Header>
      {notice && (
        <Notice tone={notice.tone}>
          <p>{notice.text}</p>
        </Notice>
      )}
      {body}
      <ConfirmDialog
        open={confirming !== null}
        title={T.revokeTitle(confirming?.name ?? '')}
        confirmLabel={T.revoke}
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setConfirming(null)}
      >
        <p>{T.revokeBody}</p>
      </ConfirmDialog>
    </section>
  );
}
