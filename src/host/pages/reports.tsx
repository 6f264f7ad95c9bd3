// The reports page (/relatorios): <associa-reports> in the standard panel, printable as an A4
// annex to the annual report: the organisation's name and the day on top, each report on its
// own page (the element's print rules), no menus, controls or buttons.
import styled, { createGlobalStyle } from 'styled-components';
import { Button, space, token } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { PageHeader, Panel } from '../shell/styles.js';
import type { PageProps } from './types.js';

export const REPORTS_PAGE_TEXTS = {
  print: 'Imprimir',
  annex: (organisation: string, day: string) => `${organisation} · Anexo ao relatório anual · ${day}`,
} as const;

// Colours stay on paper: the charts' fills and the total rows' shading carry meaning.
const PrintStyle = createGlobalStyle`
  @media print {
    @page {
      size: A4;
      margin: 16mm 15mm 18mm;
    }
    html {
      -webkit-print-color-adjust: exact;
      print-color-adjust: exact;
    }
    body {
      font-size: 10.5pt;
    }
    [data-reports-page] [data-reports-panel] {
      border: none;
      padding: 0;
      background: none;
    }
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

const today = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long' });

export function ReportsPage({ route }: PageProps) {
  const host = useHost();
  const organisation = useValue(host.organisation);
  return (
    <div data-reports-page>
      <PrintStyle />
      <PageHeader>
        <h1>{route.title}</h1>
        <Button variant="secondary" onClick={() => window.print()}>
          {REPORTS_PAGE_TEXTS.print}
        </Button>
      </PageHeader>
      <Annex>{REPORTS_PAGE_TEXTS.annex(organisation ?? '', today.format(new Date()))}</Annex>
      <Panel data-reports-panel>
        <ElementSlot tag="associa-reports" />
      </Panel>
    </div>
  );
}
