// A general assembly's session at the chair's table: the live quorum panel, attendance at the
// door, the votes of the agenda, the sign-in sheet; "Abrir sessão" while it is only convened.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ASSEMBLY_RESOURCES, attendanceSheetUrl, openSession, type AssemblyHead } from '../../../core/modules/assembly-session.js';
import { Button, PHONE, space, token, useRecord, useSignalValue } from '../../kit/index.js';
import { Notice } from '../../feature-kit/layout.js';
import { NavLink } from '../../feature-kit/navigation.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { openPdf } from '../../shared/download.js';
import { Attendance } from './attendance.js';
import { shownDay } from './format.js';
import { QuorumPanel } from './quorum-panel.js';
import { SESSION_TEXTS as T } from './texts.js';
import { Votes } from './votes.js';

const Page = styled.div`
  display: grid;
  gap: ${space(3)};
  min-width: 0;
  & > section,
  & > header {
    min-width: 0;
    padding: ${space(3)};
    border: 1px solid ${token('color-border')};
    border-radius: ${token('radius')};
    background: ${token('color-background')};
  }
  h2 {
    margin: 0 0 ${space(2)};
    font-size: 1.35rem;
    font-weight: 700;
  }
  @media ${PHONE} {
    gap: ${space(2)};
    & > section,
    & > header {
      padding: ${space(1.5)};
    }
  }
`;

const Muted = styled.p`
  margin: 0 0 ${space(1)};
  color: ${token('color-text-muted')};
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(1.5)};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  align-items: center;
`;

export interface AssemblySessionProps {
  assemblyId?: string;
  /** The assembly's page ('/assembleias/:id'): a link back to it. */
  assemblyPath?: string;
  /** The minutes' page ('/assembleias/:id/ata'): a link once the session has begun. */
  minutesPath?: string;
}

/** Settings of the assemblies the session follows (representation and its limit). */
function useProxySettings(): { proxies: boolean; proxyMax: number } {
  const core = useCore();
  const items = useSignalValue(core.settings.items);
  // On an association's own page nothing else may have read them.
  useEffect(() => {
    core.settings.ensure().catch(() => undefined);
  }, [core]);
  const value = (name: string) => items.find((s) => s.name === name)?.value;
  const max = Number(value('assemblyProxyMax'));
  return { proxies: value('assemblyProxies') === 'true', proxyMax: Number.isInteger(max) && max > 0 ? max : 1 };
}

export function AssemblySession({ assemblyId, assemblyPath, minutesPath }: AssemblySessionProps) {
  const core = useCore();
  const id = Number(assemblyId);
  const view = useRecord<AssemblyHead>(core.queries, ASSEMBLY_RESOURCES.assemblies, Number.isInteger(id) && id > 0 ? id : null);
  const terminology = useSignalValue(core.terminology.terminology);
  const singular = terminology?.memberSingular ?? 'Sócio';
  const { proxies, proxyMax } = useProxySettings();
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!(Number.isInteger(id) && id > 0) || view.status === 'notFound') return <Notice tone="error"><p>{T.missing}</p></Notice>;
  if (view.status === 'failed') return <Notice tone="error"><p>{T.loadFailed}</p></Notice>;
  const assembly = view.record;
  if (!assembly) return <Muted role="status">{T.quorumLoading}</Muted>;

  const open = async () => {
    setOpening(true);
    setFailure(null);
    try {
      await openSession(core, id);
    } catch (error) {
      setFailure(describeFailure(error, T.openFailed));
    } finally {
      setOpening(false);
    }
  };

  const sheet = (order: 'name' | 'number') => {
    setFailure(null);
    openPdf(core, attendanceSheetUrl(core, id, order), `presencas-${assembly.date}-${order === 'name' ? 'nome' : 'numero'}.pdf`).catch((error: unknown) => setFailure(describeFailure(error, T.sheetFailed)));
  };

  const inSession = assembly.status === 'in_session';
  const started = inSession || assembly.status === 'closed';
  return (
    <Page data-assembly-status={assembly.status}>
      <header>
        <h2>{T.heading(assembly.title)}</h2>
        <Muted>
          {T.when(shownDay(assembly.date), assembly.time)}
          {assembly.place ? ` · ${assembly.place}` : ''}
        </Muted>
        {assembly.status === 'draft' && <Muted>{T.draft}</Muted>}
        {assembly.status === 'convened' && (
          <>
            <Muted>{T.convened}</Muted>
            <Button onClick={() => void open()} disabled={opening} data-open-session>
              {opening ? T.opening : T.openSession}
            </Button>
          </>
        )}
        {assembly.status === 'closed' && <Muted>{T.closed}</Muted>}
        {(assemblyPath || (started && minutesPath)) && (
          <Links>
            {assemblyPath && <NavLink path={pathWith(assemblyPath, { id })}>{T.assemblyLink}</NavLink>}
            {started && minutesPath && <NavLink path={pathWith(minutesPath, { id })}>{T.minutesLink}</NavLink>}
          </Links>
        )}
        {started && (
          <Buttons role="group" aria-label={T.sheetHeading}>
            <Muted as="span">{T.sheetHeading}:</Muted>
            <Button variant="secondary" onClick={() => sheet('name')} data-sheet="name">
              {T.sheetByName}
            </Button>
            <Button variant="secondary" onClick={() => sheet('number')} data-sheet="number">
              {T.sheetByNumber}
            </Button>
          </Buttons>
        )}
        {failure && (
          <Notice tone="error">
            <p>{failure}</p>
          </Notice>
        )}
      </header>
      {assembly.status !== 'draft' && <QuorumPanel assembly={id} />}
      {started && <Attendance assembly={id} open={inSession} proxies={proxies} proxyMax={proxyMax} singular={singular} />}
      {started && <Votes assembly={id} open={inSession} />}
    </Page>
  );
}
