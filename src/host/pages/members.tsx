import { RESOURCE } from '../../core/index.js';
import { pathOf, patternOf } from '../routes.js';
import { ElementPage, FormPage, ListPage } from './parts.js';
import { RecordHistorySlot } from './audit.js';
import { MemberMandate } from './collecting/direct-debit.js';
import { MemberStanding } from './payments/standing.js';
import type { Page } from './types.js';

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
    <MemberStanding memberId={params.id} routes={routes} />
    <MemberMandate memberId={params.id} editPattern={patternOf(routes, 'sepaMandatesEdit')} newPath={pathOf(routes, 'sepaMandatesNew')} />
    <FormPage title={route.title} resource={RESOURCE.members} id={params.id} listPath={pathOf(routes, 'membersList')}>
      <RecordHistorySlot resource={RESOURCE.members} id={params.id} />
    </FormPage>
  </>
);

export const MemberHomePage: Page = ({ route }) => <ElementPage title={route.title} tag="associa-member-home" />;
