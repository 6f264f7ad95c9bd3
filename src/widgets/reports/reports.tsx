import { useMemo, useState } from 'react';
import { REPORT_NAMES, type ReportName } from '../../core/index.js';
import { ErrorState, useSignalValue } from '../kit/index.js';
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

const isReportName = (name: string): name is ReportName => (REPORT_NAMES as readonly string[]).includes(name);

/** The five reports of SPEC 7 (or the one `report` names) with their as-of date and year range. */
export function Reports({ report }: ReportsProps) {
  const core = useCore();
  const claims = useSignalValue(core.session.claims);
  const terminology = useSignalValue(core.terminology.terminology);
  const [request, setRequest] = useState<ReportRequest>({ asOf: '', from: '', to: '' });
  const memberPlural = terminology?.memberPlural ?? 'Sócios';
  const words = useMemo<ViewWords>(() => ({ memberPlural }), [memberPlural]);

  if (!claims) return <LoginNotice />;
  const chosen = report === undefined || report === '' ? REPORT_NAMES : isReportName(report) ? [report] : null;
  if (!chosen) return <ErrorState message={T.unknownReport(report ?? '')} />;
  return (
    <div>
      <ReportControls onApply={setRequest} />
      {chosen.map((name) => (
        <ReportSection key={name} core={core} name={name} request={request} words={words} />
      ))}
    </div>
  );
}
