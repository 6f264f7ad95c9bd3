// An assembly's page, under its form: where it stands (in words), the ways to its session and
// minutes once convened, its agenda, and its convocation.
import styled from 'styled-components';
import { ASSEMBLY_RESOURCES, type AssemblyRecord } from '../../../core/modules/assemblies.js';
import { Loading, space, useRecord } from '../../kit/index.js';
import { Buttons } from '../../feature-kit/groups.js';
import { Notice } from '../../feature-kit/layout.js';
import { pathWith } from '../../feature-kit/route-path.js';
import { Section, SecondaryNavLink } from '../../feature-kit/section.js';
import { describeFailure } from '../../feature-kit/server-message.js';
import { useCore } from '../../feature-kit/use-core.js';
import { ASSEMBLY_WORDS as W, MANAGER_TEXTS as T } from '../texts.js';
import { Agenda } from './agenda.js';
import { Convocation } from './convocation.js';

const Status = styled.p`
  margin: 0 0 ${space(2)};
`;

export interface AssemblyManagerProps {
  assemblyId?: string;
  /** The assembly's session (attendance, quorum, votes), '/assembleias/:id/sessao'. */
  sessionPath?: string;
  /** Its minutes, '/assembleias/:id/ata'. */
  minutesPath?: string;
  /** The proof of its convocation, '/assembleias/:id/prova'. */
  proofPath?: string;
}

export function AssemblyManager({ assemblyId, sessionPath, minutesPath, proofPath }: AssemblyManagerProps) {
  const core = useCore();
  const view = useRecord<AssemblyRecord>(core.queries, ASSEMBLY_RESOURCES.assemblies, assemblyId ?? null);
  const assembly = view.record;
  if (!assemblyId) return null;
  if (!assembly) {
    if (view.status === 'loading') return <Loading />;
    return (
      <Notice tone="error">
        <p>{view.status === 'notFound' ? T.notFound : describeFailure(view.error, T.loadFailed)}</p>
      </Notice>
    );
  }
  const status = assembly.status ?? 'draft';
  const convened = status !== 'draft';
  return (
    <div data-assembly-manager={status}>
      <Status data-assembly-status={status}>
        {T.status}: <strong>{W.status[status]}</strong>
      </Status>
      {convened && (sessionPath || minutesPath) && (
        <Buttons>
          {sessionPath && (
            <SecondaryNavLink path={pathWith(sessionPath, { id: assembly._id })} data-session-link>
              {T.openSession}
            </SecondaryNavLink>
          )}
          {minutesPath && (
            <SecondaryNavLink path={pathWith(minutesPath, { id: assembly._id })} data-minutes-link>
              {T.openMinutes}
            </SecondaryNavLink>
          )}
        </Buttons>
      )}
      <Section title={T.agenda} data-agenda-section="">
        <Agenda assemblyId={String(assembly._id)} editable={!convened} />
      </Section>
      <Section title={T.convocation} data-convocation-section="">
        <Convocation assembly={assembly} proofPath={proofPath} />
      </Section>
    </div>
  );
}
