// Signing in and out, and each person's landing page.
import { defineClientModule } from '../../core/client-module.js';
import { STAFF_ROLES } from '../../core/index.js';
import { PATHS } from '../feature-kit/paths.js';

export const ACCOUNT_MODULE = defineClientModule({
  name: 'account',
  routes: (t) => [
    { name: 'root', path: '/', title: 'Entrar', public: true, redirect: 'login' },
    // The login forms, the recovery and the logout are drawn by the host (its brand around them).
    { name: 'login', path: PATHS.login, title: 'Entrar', public: true },
    { name: 'forgot', path: PATHS.forgot, title: 'Entrar por ligação', public: true },
    { name: 'recover', path: `${PATHS.forgot}/:recoverCode`, title: 'Recuperar acesso', public: true, bare: true },
    { name: 'logout', path: '/autorizacao/sair', title: 'Sair', public: true },
    { name: 'adminHome', path: PATHS.adminHome, title: t.memberPlural, access: STAFF_ROLES, redirect: 'membersList' },
    { name: 'memberHome', path: PATHS.memberHome, title: 'Início', page: { parts: [{ element: 'associa-member-home' }] } },
  ],
});
