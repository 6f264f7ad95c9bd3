import { useEffect } from 'react';
import { Link } from 'wouter';
import { Loading } from '../../widgets/kit/index.js';
import { useHost } from '../context.js';
import { ElementSlot } from '../elements/element-slot.js';
import { Replace } from '../routing/redirect.js';
import { LOGIN_PATH } from '../routes.js';
import { AuthPage } from './parts.js';
import type { Page } from './types.js';

export const LoginPage: Page = () => (
  <AuthPage title="Entrar">
    <ElementSlot tag="associa-login" />
  </AuthPage>
);

export const ForgotPage: Page = () => (
  <AuthPage title="Entrar por ligação">
    <ElementSlot tag="associa-login-link" />
    <p>
      <Link href={LOGIN_PATH}>Voltar a entrar com palavra-passe</Link>
    </p>
  </AuthPage>
);

export const RecoverPage: Page = ({ params }) => (
  <AuthPage title="Recuperar acesso">
    <ElementSlot tag="associa-recover" attrs={{ code: params.recoverCode }} />
  </AuthPage>
);

/** Ends the session here and goes to the login page. */
export const LogoutPage: Page = () => {
  const { core } = useHost();
  useEffect(() => core.session.logout(), [core]);
  return (
    <>
      <Loading />
      <Replace to={LOGIN_PATH} />
    </>
  );
};
