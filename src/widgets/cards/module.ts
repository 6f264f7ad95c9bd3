// Membership cards: the list with print selection, a card and its letter, checking many cards in, the public verification, the settings.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';

export const CARDS_MODULE = defineClientModule({
  name: 'cards',
  routes: (t) => {
    const cards = '/cartoes' + t.memberURLSingular;
    return [
      { name: 'membershipCardList', path: cards, title: `Cartões de ${t.memberSingular}`, access: STAFF_ROLES },
      { name: 'membershipCardVerifyMultiple', path: `${cards}/verificarVarios/:id?`, title: 'Verificar Cartões', access: STAFF_ROLES },
      { name: 'membershipCardSingle', path: `${cards}/:id`, title: `Cartão de ${t.memberSingular}`, access: STAFF_ROLES },
      { name: 'membershipCardLettersSingle', path: `/cartaCartoes${t.memberURLSingular}/:id`, title: 'Carta do Cartão', access: STAFF_ROLES },
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
