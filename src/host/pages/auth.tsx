import { useEffect } from 'react';
import { Loading } from '../../widgets/kit/index.js';
import { useHost } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { Replace } from '../routing/redirect.js';
import { pathOf } from '../routes.js';
import { AuthPage } from './parts.js';
import type { Page } from './types.js';

export const LoginPage: Page = () => (
  <AuthPage>
    <ElementSlot tag="associa-login" />
  </AuthPage>
);

export const ForgotPage: Page = () => (
  <AuthPage>
    <ElementSlot tag="associa-login-link" />
  </AuthPage>
);

export const RecoverPage: Page = ({ params }) => (
  <AuthPage>
    <ElementSlot tag="associa-recover" attrs={{ code: params.recoverCode }} />
  </AuthPage>
);

/** Ends the session here and goes to the login page. */
export const LogoutPage: Page = ({ routes }) => {
  const { core } = useHost();
  useEffect(() => core.session.logout(), [core]);
  return (
    <>
      <Loading />
      <Replace to={pathOf(routes, 'login')} />
    </>
  );
};
