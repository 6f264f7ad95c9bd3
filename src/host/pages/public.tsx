import { ElementPage } from './parts.js';
import type { Page } from './types.js';

/** Pages that open without login: card verification, application e-mail confirmation, payment information. */
export const CardVerifyPage: Page = ({ route, params }) => <ElementPage title={route.title} tag="associa-card-verifier" attrs={{ code: params.id }} />;

export const EmailVerificationPage: Page = ({ route, params }) => (
  <ElementPage title={route.title} tag="associa-application-confirmation" attrs={{ 'verification-code': params.verificationCode }} />
);

export const PaymentInfoPage: Page = ({ route, params }) => <ElementPage title={route.title} tag="associa-payment-info" attrs={{ token: params.id }} />;
