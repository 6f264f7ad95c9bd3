// Membership cards: the list with print selection, a card and its letter, checking many cards in, the public verification, the settings.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

const CARDS = 'membership_cards';

export const CARDS_MODULE = defineClientModule({
  name: 'cards',
  routes: (t) => {
    const cards = '/cartoes' + t.memberURLSingular;
    return [
      {
        name: 'membershipCardList',
        path: cards,
        title: `Cartões de ${t.memberSingular}`,
        access: STAFF_ROLES,
        // The print selection above the list acts on the rows picked in it.
        page: {
          served: CARDS,
          action: { route: 'membershipCardVerifyMultiple', label: 'Verificar vários', when: { resource: CARDS, operation: 'create' } },
          parts: [{ list: CARDS, columns: 'member,code,state,issued_at,valid_until', edit: 'membershipCardSingle', selectable: true, filters: [{ element: 'associa-card-print' }] }],
        },
      },
      {
        name: 'membershipCardVerifyMultiple',
        path: `${cards}/verificarVarios/:id?`,
        title: 'Verificar Cartões',
        access: STAFF_ROLES,
        page: {
          served: CARDS,
          parts: [{ element: 'associa-card-check-in', panel: false, attrs: ({ params, pattern }) => ({ 'session-id': params.id, 'session-path': pattern('membershipCardVerifyMultiple') }) }],
        },
      },
      {
        name: 'membershipCardSingle',
        path: `${cards}/:id`,
        title: `Cartão de ${t.memberSingular}`,
        access: STAFF_ROLES,
        // The card's data (read-only: cards change through their actions), then those actions.
        page: {
          served: CARDS,
          parts: [
            { form: CARDS, attrs: { 'no-delete': 'true' } },
            {
              element: 'associa-card-actions',
              attrs: ({ params, pattern }) => ({
                'card-id': params.id,
                'card-path': pattern('membershipCardSingle'),
                'letter-path': pattern('membershipCardLettersSingle'),
                'verify-path': pattern('membershipCardVerify'),
              }),
            },
          ],
        },
      },
      {
        name: 'membershipCardLettersSingle',
        path: `/cartaCartoes${t.memberURLSingular}/:id`,
        title: 'Carta do Cartão',
        access: STAFF_ROLES,
        page: {
          served: CARDS,
          parts: [{ element: 'associa-card-letter', attrs: ({ params, pattern }) => ({ 'card-id': params.id, 'card-path': pattern('membershipCardSingle'), 'member-path': pattern('membersEdit') }) }],
        },
      },
      {
        name: 'membershipCardVerify',
        path: '/v/:id',
        title: 'Verificação de Cartão',
        public: true,
        page: { parts: [{ element: 'associa-card-verifier', attrs: ({ params }) => ({ code: params.id }) }] },
      },
      {
        name: 'membershipCardSettings',
        path: '/configuracaoCartoes' + t.memberPlural,
        title: 'Configuração de Cartões',
        access: STAFF_ROLES,
        settings: true,
        page: { parts: [{ element: 'associa-settings-form', attrs: { page: 'cards' } }] },
      },
    ];
  },
  menu: [
    {
      order: 40,
      key: 'cards',
      label: 'Cartões',
      items: [
        { label: 'Criar', route: 'membershipCardList' },
        { label: 'Verificar', route: 'membershipCardVerifyMultiple' },
      ],
    },
  ],
  settings: [{ order: 40, route: 'membershipCardSettings', label: 'Cartões' }],
});
