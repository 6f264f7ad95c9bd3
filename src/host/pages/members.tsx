import { RESOURCE } from '../../core/index.js';
import { pathOf, patternOf } from '../routes.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import { RecordHistorySlot } from './audit.js';
import { lazy, Suspense } from 'react';
import { Panel } from '../shell/styles.js';
import type { Page } from './types.js';

// The dues panels come with the payments and collecting chunks (lazy.tsx): the first page stays
// small, and they show their own loading state anyway.
const MemberStanding = lazy(async () => ({ default: (await import('./payments/standing.js')).MemberStanding }));
const MemberMandate = lazy(async () => ({ default: (await import('./collecting/direct-debit.js')).MemberMandate }));
// The photo and documents (crop canvas, upload parts) come with their own chunk, below the form.
const HandOverPayment = lazy(async () => ({ default: (await import('./collecting/hand-over.js')).HandOverPayment }));
const MemberFiles = lazy(async () => ({ default: (await import('./member-files.js')).MemberFiles }));

export const MembersListPage: Page = ({ route, routes, words }) => (
  <ListPage
    title={route.title}
    resource={RESOURCE.members}
    editPath={patternOf(routes, 'membersEdit')}
    action={{ href: pathOf(routes, 'membersNew'), label: `Novo ${words.memberSingular}` }}
  />
);

export const MembersNewPage: Page = ({ route, routes }) => (
  <FormPage title={route.title} resource={RESOURCE.members} editPath={patternOf(routes, 'membersEdit')} listPath={pathOf(routes, 'membersList')} />
);

export const MembersEditPage: Page = ({ route, params, routes }) => (
  <>
    <Suspense fallback={null}>
      <MemberStanding memberId={params.id} routes={routes} />
      <MemberMandate memberId={params.id} editPattern={patternOf(routes, 'sepaMandatesEdit')} newPath={pathOf(routes, 'sepaMandatesNew')} />
    </Suspense>
    <FormPage title={route.title} resource={RESOURCE.members} id={params.id} listPath={pathOf(routes, 'membersList')}>
      <RecordHistorySlot resource={RESOURCE.members} id={params.id} />
    </FormPage>
    <Suspense fallback={null}>
      {params.id && (
        <Panel data-no-print>
          <HandOverPayment memberId={params.id} />
        </Panel>
      )}
      <MemberFiles memberId={params.id} />
    </Suspense>
  </>
);

export const MemberHomePage: Page = ({ route }) => <ElementPage title={route.title} tag="associa-member-home" />;
