// The membership cards pages of SPEC 2: the list with its print selection, a card with its
// actions, its cover letter, and verify multiple (the public /v/{code} page is public.tsx's,
// the settings settings.tsx's). The features are the cards elements (src/widgets/cards).
import { ElementSlot } from '../elements/element-slot.js';
import { Heading, ListPage, ModuleFormPage } from './parts.js';
import { Panel } from '../shell/styles.js';
import { pathOf, patternOf, routeNamed } from '../routes.js';
import { Served } from './served.js';
import type { Page, PageTable } from './types.js';

const CARDS = 'membership_cards';
const CARD_COLUMNS = 'member,code,state,issued_at,valid_until';
const VERIFY_MANY = 'Verificar vários';

const CardListPage: Page = ({ route, routes }) => (
  <Served title={route.title} resource={CARDS}>
    <ListPage
      title={route.title}
      resource={CARDS}
      columns={CARD_COLUMNS}
      editPath={patternOf(routes, 'membershipCardSingle')}
      action={{ href: pathOf(routes, 'membershipCardVerifyMultiple'), label: VERIFY_MANY }}
      filters={<ElementSlot tag="associa-card-print" />}
      selectable
    />
  </Served>
);

/** The card's data (read-only: cards change through their actions), then those actions. */
const CardPage: Page = ({ route, params, routes }) => (
  <ModuleFormPage title={route.title} moduleTitle={routeNamed(routes, 'membershipCardList').title} resource={CARDS} id={params.id} formAttrs={{ 'no-delete': 'true' }}>
    {params.id && (
      <Panel>
        <ElementSlot
          tag="associa-card-actions"
          attrs={{
            'card-id': params.id,
            'card-path': patternOf(routes, 'membershipCardSingle'),
            'letter-path': patternOf(routes, 'membershipCardLettersSingle'),
            'verify-path': patternOf(routes, 'membershipCardVerify'),
          }}
        />
      </Panel>
    )}
  </ModuleFormPage>
);

const VerifyMultiplePage: Page = ({ route, params, routes }) => (
  <Served title={route.title} resource={CARDS}>
    <Heading title={route.title} />
    <ElementSlot tag="associa-card-check-in" attrs={{ 'session-id': params.id, 'session-path': patternOf(routes, 'membershipCardVerifyMultiple') }} />
  </Served>
);

const CardLetterPage: Page = ({ route, params, routes }) => (
  <Served title={route.title} resource={CARDS}>
    <Heading title={route.title} />
    <Panel>
      <ElementSlot tag="associa-card-letter" attrs={{ 'card-id': params.id, 'card-path': patternOf(routes, 'membershipCardSingle'), 'member-path': patternOf(routes, 'membersEdit') }} />
    </Panel>
  </Served>
);

export const CARD_PAGES = {
  membershipCardList: CardListPage,
  membershipCardSingle: CardPage,
  membershipCardVerifyMultiple: VerifyMultiplePage,
  membershipCardLettersSingle: CardLetterPage,
} satisfies Partial<PageTable>;
