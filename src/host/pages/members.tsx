import { RESOURCE } from '../../core/index.js';
import { pathOf, patternOf } from '../routes.js';
import { ElementSlot } from '../elements/element-slot.js';
import { FormPage } from './parts.js';
import { RecordHistorySlot } from './audit.js';
import { Suspense } from 'react';
import { Panel } from '../shell/styles.js';
import type { Page } from './types.js';

export const MembersEditPage: Page = ({ route, params, routes }) => (
  <>
    <Suspense fallback={null}>
      <ElementSlot tag="associa-member-standing" attrs={{ 'member-id': params.id, 'statement-path': patternOf(routes, 'unpaidByMember') }} />
      {params.id && (
        <ElementSlot tag="associa-member-mandate" attrs={{ 'member-id': params.id, 'mandate-path': patternOf(routes, 'sepaMandatesEdit'), 'new-path': pathOf(routes, 'sepaMandatesNew') }} />
      )}
    </Suspense>
    <FormPage title={route.title} resource={RESOURCE.members} id={params.id} listPath={pathOf(routes, 'membersList')}>
      <RecordHistorySlot resource={RESOURCE.members} id={params.id} />
    </FormPage>
    <Suspense fallback={null}>
      {params.id && (
        <Panel data-no-print>
          <ElementSlot tag="associa-hand-over" attrs={{ 'member-id': params.id }} />
        </Panel>
      )}
      {/* The photo and documents (crop canvas, upload parts): their element, below the form. */}
      <ElementSlot tag="associa-member-files" attrs={{ resource: RESOURCE.members, 'record-id': params.id }} />
    </Suspense>
  </>
);
