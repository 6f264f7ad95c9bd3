// The membership cards pages of SPEC 2: the list with print selection, a card with its
// actions, its cover letter, and verify multiple (the public /v/{code} page is public.tsx's,
// the settings settings.tsx's).
import { Heading, ListPage, ModuleFormPage } from './parts.js';
import { Panel } from '../shell/styles.js';
import { pathOf, patternOf, routeNamed } from '../routes.js';
import { CardActions } from './cards/card-actions.js';
import { CardLetter } from './cards/letter.js';
import { PrintSelection } from './cards/print.js';
import { CARDS_TEXTS as T } from './cards/texts.js';
import { VerifyMultiple } from './cards/verify-multiple.js';
import { Served } from './served.js';
import type { Page, PageTable } from './types.js';

const CARDS = 'membership_cards';
const CARD_COLUMNS = 'member,code,state,issued_at,valid_until';

const CardListPage: Page = ({ route, routes }) => (
  <Served title={route.title} resource={CARDS}>
    <ListPage
      title={route.title}
      resource={CARDS}
      columns={CARD_COLUMNS}
      editPath={patternOf(routes, 'membershipCardSingle')}
      action={{ href: pathOf(routes, 'membershipCardVerifyMultiple'), label: T.verifyMany }}
      filters={<PrintSelection />}
      selectable
    />
  </Served>
);

/** The card's data (read-only: cards change through their actions), then those actions. */
const CardPage: Page = ({ route, params, routes }) => (
  <ModuleFormPage title={route.title} moduleTitle={routeNamed(routes, 'membershipCardList').title} resource={CARDS} id={params.id} formAttrs={{ 'no-delete': 'true' }}>
    {params.id && (
      <Panel>
        <CardActions cardId={params.id} routes={routes} />
      </Panel>
    )}
  </ModuleFormPage>
);

const VerifyMultiplePage: Page = ({ route, params, routes }) => (
  <Served title={route.title} resource={CARDS}>
    <Heading title={route.title} />
    <VerifyMultiple sessionId={params.id} routes={routes} />
  </Served>
);

const CardLetterPage: Page = ({ route, params, routes }) => (
  <Served title={route.title} resource={CARDS}>
    <Heading title={route.title} />
    <Panel>
      <CardLetter cardId={params.id!} routes={routes} />
    </Panel>
  </Served>
);

export const CARD_PAGES = {
  membershipCardList: CardListPage,
  membershipCardSingle: CardPage,
  membershipCardVerifyMultiple: VerifyMultiplePage,
  membershipCardLettersSingle: CardLetterPage,
} satisfies Partial<PageTable>;
