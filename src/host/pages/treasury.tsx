// The treasury pages of SPEC 2: the documents list (filters, status and download of a
// selection, the Modelo 25 export), a new document (a donation, or a receipt), many receipts at
// once, and one document (its PDF, status history and annulment). The pages place the treasury
// elements (src/widgets/treasury); the settings page is settings.tsx's.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { RESOURCE } from '../../core/index.js';
import { space } from '../../widgets/kit/index.js';
import { useHost, useValue } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import { pathOf, patternOf, routeNamed } from '../routes.js';
import { Served } from './served.js';
import { Panel } from '../shell/styles.js';
import type { Page, PageTable } from './types.js';

const DOCS = RESOURCE.treasuryDocs;
const TURNED_OFF = 'A tesouraria está desativada. Um administrador pode ativá-la na Configuração de Tesouraria.';

/** Served, and turned on (setting hasTreasury): otherwise the page says so and asks nothing. */
function TreasuryServed({ title, children }: { title: string; children: ReactNode }) {
  const on = useValue(useHost().core.settings.hasTreasury);
  return (
    <Served title={title} resource={DOCS} off={on ? undefined : TURNED_OFF}>
      {children}
    </Served>
  );
}

const Spaced = styled.div`
  margin-top: ${space(3)};
`;

const DOC_COLUMNS = 'number,type,issue_date,payer_name,payer_nif,total,status,annulled_by_doc';

const TreasuryListPage: Page = ({ route, routes }) => (
  <TreasuryServed title={route.title}>
    <ListPage
      title={route.title}
      resource={DOCS}
      columns={DOC_COLUMNS}
      editPath={patternOf(routes, 'treasuryDocsEdit')}
      action={{ href: pathOf(routes, 'treasuryDocsNew'), label: routeNamed(routes, 'treasuryDocsNew').title }}
      filters={
        <>
          <ElementSlot tag="associa-list-filters" attrs={{ resource: DOCS }} />
          <ElementSlot tag="associa-treasury-selection" />
          <ElementSlot tag="associa-modelo25" />
        </>
      }
      selectable
    />
  </TreasuryServed>
);

const NewPage: Page = ({ route, routes }) => (
  <TreasuryServed title={route.title}>
    <ElementPage
      title={route.title}
      tag="associa-new-treasury-doc"
      attrs={{ 'doc-path': patternOf(routes, 'treasuryDocsEdit'), 'new-payment-path': pathOf(routes, 'paymentsNew'), 'multiple-path': pathOf(routes, 'treasuryDocsMultiple') }}
    />
  </TreasuryServed>
);

/** The document as issued (read-only), then its PDF, status history and annulment. */
const DocPage: Page = ({ route, params, routes }) => (
  <TreasuryServed title={route.title}>
    <FormPage title={route.title} resource={DOCS} id={params.id} formAttrs={{ 'no-delete': 'true' }}>
      <Spaced>
        <Panel>
          <ElementSlot tag="associa-treasury-doc" attrs={{ 'doc-id': params.id, 'doc-path': patternOf(routes, 'treasuryDocsEdit'), 'payment-path': patternOf(routes, 'paymentsEdit') }} />
        </Panel>
      </Spaced>
    </FormPage>
  </TreasuryServed>
);

const MultiplePage: Page = ({ route }) => (
  <TreasuryServed title={route.title}>
    <ElementPage title={route.title} tag="associa-treasury-multiple" />
  </TreasuryServed>
);

export const TREASURY_PAGES = {
  treasuryDocList: TreasuryListPage,
  treasuryDocsNew: NewPage,
  treasuryDocsMultiple: MultiplePage,
  treasuryDocsEdit: DocPage,
} satisfies Partial<PageTable>;
