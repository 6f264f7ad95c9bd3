import { useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { formatWhenDay } from '../../shared/when.js';
import { answerConsent, consentsQuery, type ConsentState, type MemberConsents } from '../consent-api.js';
import { CONSENT_TEXTS as T } from '../consent-texts.js';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
`;

const Item = styled.li`
  padding: ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  h4 {
    margin: 0;
    font-size: 1em;
  }
  p {
    margin: ${space(0.5)} 0;
  }
`;

const Muted = styled.p`
  color: ${token('color-text-muted')};
  font-size: 0.9em;
`;

function stateLine(item: ConsentState): string {
  if (!item.asks) return `${T.notAsked}. ${T.basis(T.bases[item.purpose.basis] ?? item.purpose.basis)}`;
  const source = item.source ? (T.sources[item.source] ?? item.source) : '';
  if (item.state === 'granted') return `${T.granted}. ${T.since(formatWhenDay(item.granted_at), source)}`;
  if (item.state === 'withdrawn') return `${T.withdrawn}. ${T.since(formatWhenDay(item.withdrawn_at), source)}`;
  return `${T.unanswered}.`;
}

/**
 * Every active purpose with the member's answer and, where consent is asked, the button that
 * changes it: the member's own (their area) or staff recording one on paper (`staff`).
 */
export function ConsentList({ memberId, staff = false }: { memberId: string | number; staff?: boolean }) {
  const core = useCore();
  const view = useQuery<MemberConsents>(core.queries, consentsQuery(memberId));
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function answer(item: ConsentState, granted: boolean) {
    setBusy(item.purpose.key);
    setOutcome(null);
    try {
      await answerConsent(core, memberId, item.purpose.key, granted);
      setOutcome({ tone: 'success', text: T.saved(item.purpose.name, granted) });
    } catch (e) {
      setOutcome({ tone: 'error', text: describeFailure(e, T.saveFailed) });
    } finally {
      setBusy(null);
    }
  }

  if (view.status === 'failed' || view.status === 'notFound') return <ErrorState message={T.loadFailed} onRetry={view.refresh} />;
  if (!view.data) return <Loading />;
  if (view.data.purposes.length === 0) return <EmptyState message={T.none} />;
  return (
    <>
      <List>
        {view.data.purposes.map((item) => {
          const granted = item.state === 'granted';
          const outdated = granted && item.text_version !== null && item.text_version < item.purpose.version;
          return (
            <Item key={item.purpose.key} data-purpose={item.purpose.key} data-state={item.state ?? 'none'}>
              <h4>{item.purpose.name}</h4>
              <p>{item.purpose.description}</p>
              <Muted>{stateLine(item)}</Muted>
              {outdated && <Muted>{T.newText}</Muted>}
              {item.asks && (
                <p>
                  {(!granted || outdated) && (
                    <Button variant={outdated ? 'secondary' : 'primary'} disabled={busy !== null} onClick={() => void answer(item, true)}>
                      {staff ? T.recordGrant : outdated ? T.grantAgain : T.grant}
                    </Button>
                  )}{' '}
                  {granted && (
                    <Button variant="secondary" disabled={busy !== null} onClick={() => void answer(item, false)}>
                      {staff ? T.recordWithdraw : T.withdraw}
                    </Button>
                  )}
                </p>
              )}
            </Item>
          );
        })}
      </List>
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
    </>
  );
}
