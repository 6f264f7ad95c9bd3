import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { REPORT_NAMES, type ReportName } from '../../core/index.js';
import { Button, ErrorState, PHONE, space, token, useSignalValue } from '../kit/index.js';
import { LoginNotice } from '../feature-kit/login-notice.js';
import { useCore } from '../feature-kit/use-core.js';
import { ReportControls } from './controls.js';
import { ReportSection } from './report-section.js';
import { REPORTS_TEXTS as T } from './texts.js';
import type { ReportRequest } from './use-report.js';
import type { ViewWords } from './views.js';

export interface ReportsProps {
  /** One report's name; absent, all five. */
  report?: string;
}

// On screen a panel like the back office's others; on paper an A4 annex to the annual report with
// no frame: the organisation and the day on top, slightly smaller type, and colours kept (the
// charts' fills and the total rows' shading carry meaning). The frame is the element's own so
// that paper can drop it: the host's panel would print its border.
const Sheet = styled.div`
  background: ${token('color-background')};
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  padding: ${space(3)};
  @media ${PHONE} {
    padding: ${space(1.5)};
  }
  @media print {
    border: none;
    padding: 0;
    background: none;
    font-size: 10.5pt;
    -webkit-print-color-adjust: exact;
    print-color-adjust: exact;
  }
`;

const Top = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${space(2)};
  @media print {
    display: none;
  }
`;

const Annex = styled.p`
  display: none;
  margin: 0 0 ${space(2)};
  padding-bottom: ${space(1)};
  border-bottom: 2px solid ${token('color-primary')};
  font-weight: 600;
  color: ${token('color-text-muted')};
  @media print {
    display: block;
  }
`;

/** The paper's size and margins: an @page rule counts only in the document's own style sheets, never in a shadow root's. */
const PAPER = '@media print { @page { size: A4; margin: 16mm 15mm 18mm; } }';

/** A4 paper while the reports are on the page, and the page's own choice again once they leave. */
function useA4Paper(): void {
  useEffect(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(PAPER);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }, []);
}

const longDay = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long' });

const isReportName = (name: string): name is ReportName => (REPORT_NAMES as readonly string[]).includes(name);

/** The five reports of SPEC 7 (or the one `report` names) with their as-of date and year range. */
export function Reports({ report }: ReportsProps) {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const terminology = useSignalValue(core.terminology.terminology);
  const [request, setRequest] = useState<ReportRequest>({ asOf: '', from: '', to: '' });
  const memberPlural = terminology?.memberPlural ?? 'Sócios';
  const words = useMemo<ViewWords>(() => ({ memberPlural }), [memberPlural]);
  useA4Paper();

  if (!claims) return <LoginNotice />;
  const chosen = report === undefined || report === '' ? REPORT_NAMES : isReportName(report) ? [report] : null;
  if (!chosen) return <ErrorState message={T.unknownReport(report ?? '')} />;
  return (
    <Sheet>
      <Top>
        <Button variant="secondary" onClick={() => window.print()}>
          {T.print}
        </Button>
      </Top>
      <Annex data-annex>{T.annex(terminology?.name ?? '', longDay.format(new Date(core.clock.now())))}</Annex>
      <ReportControls onApply={setRequest} />
      {chosen.map((name) => (
        <ReportSection key={name} core={core} name={name} request={request} words={words} />
      ))}
    </Sheet>
  );
}
