import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { RESOURCE, type TokenPair, type User } from '../../../core/index.js';
import { Button, Loading, space, token, useQuery, useRecord, useSignalValue } from '../../kit/index.js';
import { useCore } from '../../feature-kit/use-core.js';
import { GUARDIAN_TEXTS as T } from './texts.js';

interface Minor {
  _id: number;
  number: number | null;
  name: string;
}

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)};
  margin-bottom: ${space(3)};
  padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  background: ${token('color-surface')};
  p {
    margin: 0;
  }
`;

const Choices = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space(1)};
  margin: ${space(2)} 0 0;
  padding: 0;
  list-style: none;
`;

const Problem = styled.p`
  color: ${token('color-danger')};
`;

interface MinorChooserProps {
  /** The member the home shows now; undefined when the account shows none (a guardian's own account). */
  shown?: number;
  /** What the home shows when the account has no minors either (it is linked to no member). */
  children?: ReactNode;
}

/**
 * A minor's guardian on the member home (issue 34): with no member of their own shown, the
 * minors to choose from (the only one is chosen at once); with one shown, who it is and the
 * others to switch to. A choice asks the server for a session acting for that member (POST
 * own/minors/choose), which checks it; the home then shows and pays as that member would.
 */
export function MinorChooser({ shown, children }: MinorChooserProps) {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const guardian = claims?.Role === 'member';
  const minors = useQuery<Minor[]>(core.queries, guardian ? { path: 'own/minors', resources: [RESOURCE.members] } : null);
  const user = useRecord<User>(core.queries, RESOURCE.users, guardian ? claims.ID : null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const list = minors.data ?? [];
  const ownMember = typeof user.record?.member === 'number' ? user.record.member : null;

  async function choose(member: number | null) {
    setBusy(true);
    setFailed(false);
    try {
      const res = await core.http.post<TokenPair>('own/minors/choose', { member, refreshToken: core.tokens.refresh.value });
      // As after a login: stored, every query read again as the member now acted for.
      core.session.completeLogin(res.data);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const only = shown === undefined && list.length === 1 ? list[0]!._id : null;
  useEffect(() => {
    if (only !== null) void choose(only);
    // Once per minor found: a failure shows its message and the button stays to try again.
  }, [only]);

  if (!guardian || minors.status === 'failed' || minors.status === 'notFound') return <>{children}</>;
  if (minors.status !== 'loaded' || (only !== null && !failed)) return shown === undefined ? <Loading /> : null;
  const problem = failed && <Problem role="alert">{T.failed}</Problem>;
  const named = (minor: Minor) => T.minor(minor.name, minor.number);

  if (shown === undefined) {
    if (list.length === 0) return <>{children}</>;
    return (
      <section aria-labelledby="minors-title" data-minor-chooser="">
        <h3 id="minors-title">{T.chooseTitle}</h3>
        <p>{T.chooseLead}</p>
        {problem}
        <Choices>
          {list.map((minor) => (
            <li key={minor._id}>
              <Button variant="secondary" disabled={busy} onClick={() => void choose(minor._id)}>
                {named(minor)}
              </Button>
            </li>
          ))}
        </Choices>
      </section>
    );
  }

  const current = list.find((minor) => minor._id === shown);
  const others = [...(ownMember !== null && ownMember !== shown ? [{ _id: ownMember, number: null, name: T.own }] : []), ...list.filter((minor) => minor._id !== shown)];
  // A member with no minors sees nothing here; a guardian always sees whose home this is.
  if (!current && others.length === 0) return null;
  return (
    <Bar aria-label={T.chooseTitle} data-minor-switch="">
      <p>{current ? T.viewing(current.name) : T.viewingOwn}</p>
      {others.length > 0 && <span>{T.switchTo}</span>}
      {others.map((other) => (
        <Button key={other._id} variant="secondary" disabled={busy} onClick={() => void choose(other._id === ownMember ? null : other._id)}>
          {named(other)}
        </Button>
      ))}
      {problem}
    </Bar>
  );
}
