import { Heading } from './parts.js';
import { Panel, PrimaryRouteLink } from '../shell/styles.js';
import { SHELL_TEXTS } from '../shell/texts.js';

export function NotFoundPage({ home }: { home: string }) {
  return (
    <>
      <Heading title={SHELL_TEXTS.notFoundTitle} />
      <Panel data-page="not-found">
        <p>{SHELL_TEXTS.notFoundText}</p>
        <PrimaryRouteLink href={home}>{SHELL_TEXTS.backHome}</PrimaryRouteLink>
      </Panel>
    </>
  );
}

export function ForbiddenPage({ home }: { home: string }) {
  return (
    <>
      <Heading title={SHELL_TEXTS.forbiddenTitle} />
      <Panel data-page="forbidden" role="alert">
        <p>{SHELL_TEXTS.forbiddenText}</p>
        <PrimaryRouteLink href={home}>{SHELL_TEXTS.backHome}</PrimaryRouteLink>
      </Panel>
    </>
  );
}
