import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ASSEMBLY_KIND_LABELS, ownAssembliesQuery, ownMinutesPdfPath, type OwnAssembly } from '../../core/modules/assembly-minutes.js';
import { Button, EmptyState, ErrorState, Loading, space, token, useQuery, useSignalValue } from '../kit/index.js';
import { useCore } from '../feature-kit/use-core.js';
import { openPdf } from '../shared/download.js';
import { formatDate } from './format.js';
import { Facts, HomeSection } from './section.js';

// The section's words (pt-PT), beside it: the member home's other texts stay as they are.
const T = {
  title: 'Assembleias',
  none: 'Ainda não há assembleias convocadas.',
  failed: 'Não foi possível ler as assembleias.',
  date: 'Data',
  time: 'Hora',
  place: 'Local',
  online: 'Em linha',
  onlineLink: 'Endereço da reunião',
  agenda: 'Ordem de trabalhos',
  notice: 'Ler a convocatória',
  minutes: 'Ata (PDF)',
  minutesOf: (title: string) => `Ata da assembleia ${title} (PDF)`,
  opening: 'A abrir…',
  openFailed: 'Não foi possível abrir a ata.',
  status: { convened: 'Convocada', in_session: 'Em curso', closed: 'Encerrada' } as Record<string, string>,
};

/** Upcoming assemblies and the last ones held: enough for a home page. */
const SHOWN = 4;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
`;

const Item = styled.li`
  padding: ${space(2)} ${space(3)};
  border: 1px solid ${token('color-border')};
  border-left: 4px solid ${token('color-primary')};
  border-radius: ${token('radius')};
  background: ${token('color-background')};
  h4 {
    margin: 0;
    font-size: 1.05em;
  }
  ol {
    margin: 0;
    padding-left: 1.25em;
  }
  details {
    margin-top: ${space(1)};
  }
  pre {
    margin: ${space(1)} 0 0;
    white-space: pre-wrap;
    font: inherit;
  }
`;

const Kind = styled.p`
  margin: 0 0 ${space(1.5)};
  color: ${token('color-text-muted')};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1.5)};
  margin-top: ${space(1.5)};
`;

function MinutesPdf({ assembly }: { assembly: OwnAssembly }) {
  const core = useCore();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await openPdf(core, ownMinutesPdfPath(core, assembly._id), `ata-${assembly.date}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void open()} disabled={busy} aria-label={T.minutesOf(assembly.title)} data-minutes-pdf>
        {busy ? T.opening : T.minutes}
      </Button>
      {failed && <ErrorState message={T.openFailed} />}
    </>
  );
}

function AssemblyItem({ assembly }: { assembly: OwnAssembly }) {
  const kind = ASSEMBLY_KIND_LABELS[assembly.kind] ?? assembly.kind;
  const status = T.status[assembly.status] ?? assembly.status;
  return (
    <Item data-own-assembly={assembly._id}>
      <h4>{assembly.title}</h4>
      <Kind>
        {kind} · {status}
      </Kind>
      <Facts>
        <dt>{T.date}</dt>
        <dd>{formatDate(assembly.date)}</dd>
        <dt>{T.time}</dt>
        <dd>{assembly.time}</dd>
        {assembly.place && (
          <>
            <dt>{T.place}</dt>
            <dd>{assembly.place}</dd>
          </>
        )}
        {assembly.online_link && (
          <>
            <dt>{T.online}</dt>
            <dd>
              <a href={assembly.online_link} target="_blank" rel="noopener noreferrer">
                {T.onlineLink}
              </a>
            </dd>
          </>
        )}
        {assembly.agenda.length > 0 && (
          <>
            <dt>{T.agenda}</dt>
            <dd>
              <ol data-agenda>
                {assembly.agenda.map((title, index) => (
                  <li key={index}>{title}</li>
                ))}
              </ol>
            </dd>
          </>
        )}
      </Facts>
      {assembly.notice_text && (
        <details data-notice>
          <summary>{T.notice}</summary>
          <pre>{assembly.notice_text}</pre>
        </details>
      )}
      {assembly.minutes && (
        <Footer>
          <MinutesPdf assembly={assembly} />
        </Footer>
      )}
    </Item>
  );
}

/**
 * On the member's home, with assemblies on: the convened assemblies (upcoming first, then the
 * last ones held), each with its date, place, agenda and notice, and the minutes' PDF once published.
 */
export function OwnAssemblies() {
  const core = useCore();
  const items = useSignalValue(core.settings.items);
  const on = items.some((setting) => setting.name === 'hasAssemblies' && setting.value === 'true');
  // On a page without the host (which reads them at start), the settings are read here.
  useEffect(() => {
    core.settings.ensure().catch(() => undefined);
  }, [core]);
  const view = useQuery<OwnAssembly[]>(core.queries, on ? ownAssembliesQuery : null);
  if (!on) return null;
  let body;
  if (view.status === 'failed' || view.status === 'notFound') body = <ErrorState message={T.failed} onRetry={view.refresh} />;
  else if (!view.data) body = <Loading />;
  else if (view.data.length === 0) body = <EmptyState message={T.none} />;
  else
    body = (
      <List>
        {view.data.slice(0, SHOWN).map((assembly) => (
          <AssemblyItem key={assembly._id} assembly={assembly} />
        ))}
      </List>
    );
  return (
    <HomeSection id="assemblies" title={T.title}>
      {body}
    </HomeSection>
  );
}
