// The treasury pages of SPEC 2: the documents list (filters, status and download of a
// selection, the Modelo 25 export), a new document (a donation, or a payment's receipt), many
// receipts at once, and one document (its PDF, status history and annulment). The settings page
// is settings.tsx's.
import type { ReactNode } from 'react';
import { useHost, useValue } from '../context.js';
import { ElementPage, FormPage, Heading, ListPage } from './parts.js';
import { pathOf, patternOf, routeNamed } from '../routes.js';
import { ListFilters, type RangeFilter } from './payments/list-filters.js';
import { Served } from './served.js';
import { DOCS } from './treasury/api.js';
import { DocDetail } from './treasury/doc-detail.js';
import { Modelo25Download } from './treasury/modelo25.js';
import { NewTreasuryDoc } from './treasury/new-doc.js';
import { SelectionActions } from './treasury/selection-actions.js';
import { TREASURY_TEXTS as T } from './treasury/texts.js';
import type { Page, PageTable } from './types.js';

/** Served, and turned on (setting hasTreasury): otherwise the page says so and asks nothing. */
function TreasuryServed({ title, children }: { title: string; children: ReactNode }) {
  const on = useValue(useHost().core.settings.hasTreasury);
  return (
    <Served title={title} resource={DOCS} off={on ? undefined : T.turnedOff}>
      {children}
    </Served>
  );
}

const DOC_COLUMNS = 'number,type,issue_date,payer_name,payer_nif,total,status,annulled_by_doc';
const DOC_RANGES: readonly RangeFilter[] = [{ field: 'issue_date', type: 'date', from: T.issuedFrom, to: T.issuedTo }];

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
          <ListFilters resource={DOCS} legend={T.filters} ranges={DOC_RANGES} />
          <SelectionActions />
          <Modelo25Download />
        </>
      }
      selectable
    />
  </TreasuryServed>
);

const NewPage: Page = ({ route, routes, words }) => (
  <TreasuryServed title={route.title}>
    <Heading title={route.title} />
    <NewTreasuryDoc routes={routes} words={words} />
  </TreasuryServed>
);

/** The document as issued (read-only), then its PDF, status history and annulment. */
const DocPage: Page = ({ route, params, routes }) => (
  <TreasuryServed title={route.title}>
    <FormPage title={route.title} resource={DOCS} id={params.id} formAttrs={{ 'no-delete': 'true' }}>
      {params.id && <DocDetail docId={params.id} routes={routes} />}
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
