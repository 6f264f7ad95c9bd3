import { useId, useMemo } from 'react';
import styled from 'styled-components';
import type { Core, ReportName } from '../../core/index.js';
import { Button, ErrorState, Loading, space, token } from '../kit/index.js';
import { describeFailure } from '../feature-kit/server-message.js';
import { Chart } from './charts/chart.js';
import { downloadReportCsv } from './csv.js';
import { ReportTable } from './report-table.js';
import { REPORT_TITLES, REPORTS_TEXTS as T } from './texts.js';
import { useReport, type ReportRequest } from './use-report.js';
import { viewOf, type ViewWords } from './views.js';

const Section = styled.section`
  container-type: inline-size;
  padding: ${space(3)} 0;
  border-top: 1px solid ${token('color-border')};
  &:first-of-type {
    border-top: none;
    padding-top: ${space(1)};
  }
  @media print {
    padding: 0;
    border-top: none;
    break-before: page;
    &:first-of-type {
      break-before: auto;
    }
  }
`;

const Title = styled.h2`
  margin: 0 0 ${space(0.5)};
  font-size: 1.3em;
  line-height: 1.25;
  color: ${token('color-text')};
`;

const Meta = styled.p`
  margin: 0 0 ${space(1)};
  font-size: 0.875em;
  font-weight: 600;
  color: ${token('color-text-muted')};
`;

const Basis = styled.p`
  max-width: 60rem;
  margin: 0 0 ${space(2)};
  font-size: 0.9em;
  line-height: 1.5;
  color: ${token('color-text-muted')};
`;

/** The charts beside the table when there is room, the table under them otherwise (and on paper). */
const Body = styled.div`
  display: grid;
  gap: ${space(3)};
  align-items: start;
  @container (min-width: 60rem) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  @media print {
    display: block;
    & > * + * {
      margin-top: ${space(2)};
    }
  }
`;

const Charts = styled.div`
  display: grid;
  gap: ${space(2)};
  & figure {
    break-inside: avoid;
  }
`;

const Actions = styled.div`
  margin-top: ${space(2)};
  @media print {
    display: none;
  }
`;

const dayFormat = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC' });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));

/** One report: its heading, as-of date and years, basis, charts, table and CSV export. */
export function ReportSection({ core, name, request, words }: { core: Core; name: ReportName; request: ReportRequest; words: ViewWords }) {
  const id = useId();
  const query = useReport(core, name, request);
  const title = REPORT_TITLES[name];
  const report = query.status === 'loaded' ? query.data : undefined;
  const view = useMemo(() => (report ? viewOf(name, report, words) : null), [name, report, words]);

  let body;
  if (query.status === 'failed' || query.status === 'notFound') body = <ErrorState message={describeFailure(query.error, T.loadFailed)} onRetry={query.refresh} />;
  else if (!report || !view) body = <Loading />;
  else
    body = (
      <>
        <Meta data-as-of={report.asOf}>{T.meta(day(report.asOf), T.years(report.from, report.to))}</Meta>
        <Basis>
          <strong>{T.basis}:</strong> {report.basis}
        </Basis>
        <Body>
          <Charts>
            {view.charts.map((chart) => (
              <Chart key={chart.title} spec={chart} />
            ))}
          </Charts>
          <ReportTable table={view.table} caption={T.tableCaption(title)} />
        </Body>
        <Actions>
          <Button variant="secondary" onClick={() => downloadReportCsv(view.table, title, report.asOf)}>
            {T.exportCsv}
          </Button>
        </Actions>
      </>
    );

  return (
    <Section aria-labelledby={id} data-report={name} aria-busy={query.status === 'loading' || undefined}>
      <Title id={id}>{title}</Title>
      {body}
    </Section>
  );
}
